"""``tilt.language.dtypes``: TileLang's data types module (``T.dtype``,
``T.float32``, ...), for code that imports it by that name."""

from . import bfloat16, dtype, float16, float32, half, int32
from ._values import DType

float = float32  # noqa: A001 -- TileLang's alias

__all__ = ["DType", "dtype", "float32", "float16", "bfloat16", "int32",
           "float", "half"]
