"""Events: movements (L6–L8), teams schedules, the scoring of an event's results (L12, L77–L78, L87) and
published result files (PBN ScoreTable/TotalScoreTable)."""
