from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

def mask(n: int, legal: Iterable[int] | None) -> npt.NDArray[np.int8]: ...
