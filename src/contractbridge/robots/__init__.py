"""Robots: seat policies that bid (and, later, play) by the book."""

from __future__ import annotations

from contractbridge.robots.bidder import BiddingRobot, BidRecord, bid_deal, choose, explain

__all__ = ["BidRecord", "BiddingRobot", "bid_deal", "choose", "explain"]
