from typing import Any

import numpy as np
import numpy.typing as npt

class KuboObserver:
    def __init__(
        self,
        encoder: Any,
        state_type: type,
        fallback: Any,
        line_masks: Any,
        stock_max: int,
        play: int,
        claims: int,
    ) -> None: ...
    def __call__(self, state: Any, seat: int) -> npt.NDArray[np.float32]: ...
