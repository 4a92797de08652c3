from typing import Any

import numpy as np
import numpy.typing as npt

class RavaytysObserver:
    def __init__(
        self,
        encoder: Any,
        state_type: type,
        fallback: Any,
        phase_of: Any,
        buy: int,
        over: int,
        is_wild: Any,
    ) -> None: ...
    def __call__(self, state: Any, seat: int) -> npt.NDArray[np.float32]: ...
