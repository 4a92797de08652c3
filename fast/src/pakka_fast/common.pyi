import numpy as np
import numpy.typing as npt

def mask(n: int, legal: list[int] | None) -> npt.NDArray[np.int8]: ...
