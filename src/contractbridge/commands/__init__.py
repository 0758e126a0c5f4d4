"""Command groups of the ``contractbridge`` CLI; each module exposes ``register(app)``.

A UI: may import everything below it; nothing below imports it."""
