from typing import Any

import numpy as np
import numpy.typing as npt

class KoodinmurtajaObserver:
    def __init__(
        self,
        encoder: Any,
        state_type: type,
        fallback: Any,
        continue_phase: int,
        card_bits: Any,
        pat_up: Any,
        pat_own: Any,
        pat_hidden: int,
    ) -> None: ...
    def __call__(self, state: Any, seat: int) -> npt.NDArray[np.float32]: ...
