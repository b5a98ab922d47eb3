"""``tilt.math``: TileLang's integer helpers for host code."""

from . import cdiv, next_power_of_2

__all__ = ["cdiv", "next_power_of_2"]
