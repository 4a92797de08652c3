from typing import Any

import numpy as np
import numpy.typing as npt

class TikoObserver:
    def __init__(
        self, encoder: Any, state_type: type, fallback: Any, stronger_masks: Any
    ) -> None: ...
    def __call__(self, state: Any, seat: int) -> npt.NDArray[np.float32]: ...
