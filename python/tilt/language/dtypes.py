"""``tilt.language.dtypes``: TileLang's data types module (``T.dtype``,
``T.float32``, ...), for code that imports it by that name."""

from . import bfloat16, dtype, float16, float32, half, int32, int8, uint8
from . import bool as bool_
from ._values import DType

float = float32  # noqa: A001 -- TileLang's alias
bool = bool_  # noqa: A001 -- TileLang's name

__all__ = ["DType", "dtype", "float32", "float16", "bfloat16", "int32",
           "int8", "uint8", "bool", "float", "half"]
