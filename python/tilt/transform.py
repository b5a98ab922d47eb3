"""``tilt.transform``: TileLang's home of ``PassConfigKey``."""

from . import PassConfigKey

__all__ = ["PassConfigKey"]
