from typing import Any

import numpy as np
import numpy.typing as npt

class MemoObserver:
    def __init__(
        self,
        encoder: Any,
        state_type: type,
        fallback: Any,
        partner_masks: Any,
        known_places: Any,
        easy: bool,
    ) -> None: ...
    def __call__(self, state: Any, seat: int) -> npt.NDArray[np.float32]: ...
