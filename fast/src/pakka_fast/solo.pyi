from typing import Any

import numpy as np
import numpy.typing as npt

class SoloObserver:
    def __init__(
        self,
        encoder: Any,
        state_type: type,
        fallback: Any,
        attr_bits: Any,
        attr: int,
    ) -> None: ...
    def __call__(self, state: Any, seat: int) -> npt.NDArray[np.float32]: ...
