from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

class ViisisataaObserver:
    def __init__(
        self,
        encoder: Any,
        state_type: type,
        fallback: Any,
        phase_of: Sequence[int],
        call_of: Sequence[int],
        doubling_of: Sequence[int],
        trump_of: Sequence[int],
        bidding: int,
        discarding: int,
    ) -> None: ...
    def __call__(self, state: Any, seat: int) -> npt.NDArray[np.float32]: ...
