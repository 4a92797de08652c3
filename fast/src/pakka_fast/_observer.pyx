"""The base of every compiled observer: its game's size and the way back to Python."""


cdef class Observer:
    """``observer(state, seat)`` -> the float32 observation of ``seat``, built by a
    subclass from the fields of a state of exactly ``state_type``.

    ``n`` and ``size`` are the encoder's player count and vector length; whatever
    :meth:`foreign` refuses goes to ``fallback`` (the encoder's own Python
    ``observe``, which also raises its errors)."""

    def __init__(self, encoder, state_type, fallback):
        self.n = encoder.num_players
        self.size = encoder.size
        self.state_type = state_type
        self.fallback = fallback

    cdef bint foreign(self, object state, object seat):
        """Whether the compiled path does not apply: another state type (a subclass
        included), or a seat that is not an int in 0..n-1 (a spectator's ``None``)."""
        return type(state) is not self.state_type or type(seat) is not int or not 0 <= seat < self.n
