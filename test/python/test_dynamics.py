"""libdynamics from Python: scenes by name with parameters, a World stepped with any solver and
swapped between steps, trajectories as numpy arrays, the assembled problems captured as the
command line captures them."""

import subprocess

import numpy as np
import pytest

import mlcp


def test_scene_catalog():
    names = mlcp.dynamics.scene_names()
    assert "box-stack" in names and "pendulum-chain" in names
    stack = next(s for s in mlcp.dynamics.scene_catalog() if s.name == "box-stack")
    assert "count" in [p.key for p in stack.parameters]


def test_a_resting_stack_stays_put_with_any_solver_swapped_between_steps():
    world = mlcp.dynamics.World("box-stack", count=4)
    assert world.parameters.startswith("count=4") and world.body_count == 4
    start = world.positions
    for name in ["dantzig", "pgs", "apgd", "dantzig"]:
        world.solver = mlcp.Solver(name)
        t = world.run(30)
        assert t.p.shape == (31, 4, 3) and t.q.shape == (31, 4, 4) and t.time.shape == (31,)
        assert all(s in (mlcp.Status.Converged, mlcp.Status.MaxIterations) for s in t.status)
        assert (t.rows > 0).all() and (t.contacts > 0).all()
        assert world.last_statistics.solver == name
    assert world.step_count == 120
    # Each box moved less than a millimetre in 2 s of simulated time.
    assert np.abs(world.positions - start).max() < 1e-3
    np.testing.assert_allclose(np.linalg.norm(world.orientations, axis=1), 1.0)


def test_a_falling_body_follows_gravity():
    world = mlcp.dynamics.World("box-stack", count=1)
    world.solver = mlcp.Solver("dantzig")
    world.set_body_state(0, p=[0.0, 0.0, 10.0], v=[0.0, 0.0, 0.0])
    h = world.time_step
    t = world.run(10)
    # Semi-implicit Euler: v_k = -g k h, z_k = z_0 - g h^2 k (k + 1) / 2.
    k = np.arange(11)
    np.testing.assert_allclose(t.v[:, 0, 2], -9.81 * h * k, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(t.p[:, 0, 2], 10.0 - 9.81 * h * h * k * (k + 1) / 2, rtol=1e-12)
    assert (t.rows == 0).all()


def test_captured_problems_are_those_mlcp_capture_writes(tmp_path, cli):
    world = mlcp.dynamics.World("box-pyramid")
    world.solver = mlcp.Solver("dantzig")
    t = world.run(31, capture=[30])
    assert list(t.problems) == [30]
    ours = t.problems[30]
    assert ours.form == "factors" and ours.name.endswith("step 30")
    subprocess.run([str(cli), "capture", "--scene", "box-pyramid", "--steps", "30", "--out",
                    str(tmp_path)], check=True, capture_output=True)
    written = mlcp.read_problem(next(tmp_path.glob("*.blcp")))
    np.testing.assert_array_equal(ours.dense_A(), written.dense_A())
    np.testing.assert_array_equal(ours.b, written.b)
    np.testing.assert_array_equal(ours.findex, written.findex)
    # Solving the captured problem gives the lambda the world used at that step? The world
    # warm-starts nothing for Dantzig: the same solver on the same problem, the same x.
    again = mlcp.dynamics.World("box-pyramid")
    again.solver = mlcp.Solver("dantzig")
    again.run(30)
    problem = again.prepare_step()
    again.step()
    np.testing.assert_array_equal(mlcp.solve(problem, "dantzig").x, again.last_lambda)


def test_forces_and_bad_bodies():
    world = mlcp.dynamics.World("box-stack", count=1)
    world.solver = mlcp.Solver("pgs")
    world.set_body_state(0, p=[0.0, 0.0, 5.0])
    world.apply_force(0, f=[0.0, 0.0, 9.81])  # cancels gravity for one step (mass 1 kg)
    world.step()
    assert world.velocities[0, 2] == pytest.approx(0.0, abs=1e-12)
    with pytest.raises(ValueError, match="body 5 does not exist"):
        world.set_body_state(5, p=[0.0, 0.0, 0.0])
    world.set_body_state(0, v=[np.nan, 0.0, 0.0])
    with pytest.raises(ValueError, match="v_WB"):
        world.step()
