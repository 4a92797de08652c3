cdef class Observer:
    cdef readonly int n, size
    cdef object state_type, fallback
    cdef bint foreign(self, object state, object seat)
