"""Command groups of the ``contractbridge`` CLI; each module exposes ``register(app)``."""
