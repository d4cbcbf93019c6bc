"""Problems from numpy arrays and scipy.sparse matrices: forms kept, layouts read, the same
answers from every form, copies out, pickling (what mlcp.batch sends to Dask workers)."""

import pickle

import numpy as np
import pytest
import scipy.sparse as sp

import mlcp


def spd(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    R = rng.uniform(-1.0, 1.0, (n, n))
    return R @ R.T + n * np.eye(n)


def test_defaults_make_a_standard_lcp_with_nub_free_rows():
    p = mlcp.Problem(np.eye(4), [1.0, -1.0, 2.0, 0.5], nub=1)
    assert p.n == 4 and p.nub == 1 and p.form == "dense"
    np.testing.assert_array_equal(p.lo, [-np.inf, 0.0, 0.0, 0.0])
    np.testing.assert_array_equal(p.hi, [np.inf] * 4)
    np.testing.assert_array_equal(p.findex, [-1] * 4)
    assert p.findex.dtype == np.int32 and p.x is None
    # A = I: x = max(b, 0) on the LCP rows, x = b on the free row.
    np.testing.assert_allclose(mlcp.solve(p).x, [1.0, 0.0, 2.0, 0.5])


@pytest.mark.parametrize("order", ["F", "C"])
def test_dense_layouts_and_dtypes_give_the_same_problem(order):
    A = spd(6, 1)
    reference = mlcp.Problem(np.asfortranarray(A), np.arange(6.0))
    p = mlcp.Problem(np.array(A, order=order), np.arange(6))  # integer b converted
    np.testing.assert_array_equal(p.A, reference.A)
    np.testing.assert_array_equal(p.b, reference.b)
    strided = np.zeros((12, 12))
    strided[::2, ::2] = A
    np.testing.assert_array_equal(mlcp.Problem(strided[::2, ::2], np.arange(6.0)).A, A)


@pytest.mark.parametrize("convert", [sp.csc_matrix, sp.csr_matrix, sp.coo_matrix, sp.lil_matrix])
def test_scipy_sparse_is_kept_sparse_and_solves_as_dense(convert):
    A = spd(30, 2)
    A[np.abs(A) < 1.0] = 0.0  # a sparse SPD matrix (diagonally dominant)
    A += np.diag(np.abs(A).sum(axis=1))
    b = np.linspace(-1.0, 1.0, 30)
    dense = mlcp.Problem(A, b)
    sparse = mlcp.Problem(convert(A), b)
    assert sparse.form == "sparse" and sp.issparse(sparse.A)
    np.testing.assert_array_equal(sparse.A.toarray(), A)
    for solver in ["dantzig", "pgs", "apgd"]:
        x_dense = mlcp.solve(dense, solver).x
        x_sparse = mlcp.solve(sparse, solver).x
        np.testing.assert_allclose(x_sparse, x_dense, rtol=1e-9, atol=1e-12)


def test_sparse_duplicates_are_summed_and_int64_indices_accepted():
    # Column 0 holds rows 1, 0, 0 (unsorted, row 0 twice), column 1 rows 1, 1.
    data = np.array([0.5, 1.0, 1.0, 2.0, 1.0])
    indices = np.array([1, 0, 0, 1, 1], dtype=np.int64)
    pointers = np.array([0, 3, 5], dtype=np.int64)
    A = sp.csc_matrix((data, indices, pointers), shape=(2, 2))
    assert not A.has_canonical_format
    p = mlcp.Problem(A, [1.0, 1.0])
    np.testing.assert_array_equal(p.A.toarray(), [[2.0, 0.0], [0.5, 3.0]])
    assert not A.has_canonical_format  # the caller's matrix is left as it was


def test_factors_form_matches_its_assembled_matrix():
    world = mlcp.dynamics.World("box-stack", count=3)
    world.solver = mlcp.Solver("dantzig")
    world.run(5)
    p = world.last_problem()
    assert p.form == "factors" and isinstance(p.A, mlcp.Factors)
    f = p.A
    assert f.J.shape == (p.n, 12) and f.inverse_mass.shape == (f.body_count, 6, 6)
    assert f.bodies.shape == (p.n, 2) and f.error() == ""
    rebuilt = mlcp.Factors(f.J, f.inverse_mass, f.bodies, f.cfm)
    np.testing.assert_array_equal(rebuilt.to_dense(), f.to_dense())
    np.testing.assert_allclose(f.to_sparse().toarray(), f.to_dense(), rtol=0, atol=0)
    dense = mlcp.Problem(f.to_dense(), p.b, p.lo, p.hi, p.findex, p.nub)
    np.testing.assert_allclose(mlcp.solve(p, "pgs").x, mlcp.solve(dense, "pgs").x, rtol=1e-9,
                               atol=1e-9)


def test_properties_are_copies_and_assignment_changes_the_problem():
    p = mlcp.Problem(np.eye(3), [1.0, 2.0, 3.0])
    b = p.b
    b[0] = 100.0
    assert p.b[0] == 1.0
    p.b = b
    assert p.b[0] == 100.0
    p.x = [1.0, 2.0, 3.0]
    np.testing.assert_array_equal(p.x, [1.0, 2.0, 3.0])
    p.x = None
    assert p.x is None


@pytest.mark.parametrize("form", ["dense", "sparse", "factors"])
def test_problems_pickle_bitwise(form):
    if form == "factors":
        world = mlcp.dynamics.World("box-stack", count=2)
        world.solver = mlcp.Solver("dantzig")
        world.step()
        p = world.last_problem()
    else:
        A = spd(5, 3)
        p = mlcp.Problem(A if form == "dense" else sp.csc_matrix(A), np.arange(5.0),
                         name="pickled", x=np.ones(5))
    q = pickle.loads(pickle.dumps(p))
    assert (q.form, q.name, q.nub) == (p.form, p.name, p.nub)
    for field in ["b", "lo", "hi", "findex"]:
        np.testing.assert_array_equal(getattr(q, field), getattr(p, field))
    np.testing.assert_array_equal(q.dense_A(), p.dense_A())
    assert (q.x is None) == (p.x is None)


def test_solver_setters_match_set_problem():
    p = mlcp.random_problem(n=40, seed=4)
    whole = mlcp.Solver("dantzig").solve(p)
    s = mlcp.Solver("dantzig")
    s.set_matrix(np.asfortranarray(p.A))  # read in place
    s.set_right_side(p.b)
    s.set_low(p.lo)
    s.set_high(p.hi)
    s.set_friction_index(p.findex)
    s.set_number_unbounded(p.nub)
    parts = s.solve()
    np.testing.assert_array_equal(parts.x, whole.x)
    assert s.n == 40
    np.testing.assert_array_equal(s.x, whole.x)
    np.testing.assert_array_equal(s.problem().b, p.b)
