# Helpers shared by the compiled encoders (inline, so each module gets its own copy).
from libc.stdint cimport uint64_t
cimport numpy as cnp

cdef extern from *:
    # GCC and Clang builtins: the index of the lowest set bit, the number of set bits
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil


cdef inline cnp.ndarray zeros_f32(Py_ssize_t n):
    """A new zeroed float32 vector of ``n`` elements."""
    cdef cnp.npy_intp dims = n
    return cnp.PyArray_ZEROS(1, &dims, cnp.NPY_FLOAT32, 0)


cdef inline void set_bits(float* out, uint64_t m) noexcept nogil:
    """Write 1.0 at every set bit of ``m`` (bit ``i`` -> ``out[i]``)."""
    while m:
        out[__builtin_ctzll(m)] = 1.0
        m &= m - 1


cdef inline int rel(int me, int other, int n) noexcept nogil:
    """``other`` counted clockwise from ``me`` (0 = the observer)."""
    return (other - me + n) % n


cdef inline uint64_t card_set(list cards):
    """The bitmask of a list of card indices 0..63."""
    cdef uint64_t m = 0
    cdef object c
    for c in cards:
        m |= (<uint64_t>1) << <int>c
    return m
