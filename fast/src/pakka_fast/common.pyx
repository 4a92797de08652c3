"""What every compiled observation shares: the legal-action mask."""

cimport numpy as cnp

cnp.import_array()


def mask(Py_ssize_t n, object legal):
    """An int8 vector of ``n`` zeros with 1 at every id in ``legal`` (any iterable of
    ints, or ``None``/empty for a seat that is not to act). Ids must lie in 0..n-1
    (they are the engine's legal ids)."""
    cdef cnp.npy_intp dims = n
    cdef cnp.ndarray out = cnp.PyArray_ZEROS(1, &dims, cnp.NPY_INT8, 0)
    cdef signed char* p = <signed char*>cnp.PyArray_DATA(out)
    cdef Py_ssize_t i
    cdef object x
    if legal:
        for x in legal:
            i = x
            if i < 0 or i >= n:
                raise IndexError(f"action id {i} outside 0..{n - 1}")
            p[i] = 1
    return out
