"""libdynamics: rigid-body scenes stepped with any mlcp solver (docs/dynamics.md).

    world = mlcp.dynamics.World("box-stack", count=5)
    world.solver = mlcp.Solver("dantzig")
    trajectory = world.run(120, capture=[60])      # positions (121, bodies, 3), ...
    world.solver = mlcp.Solver("pgs")              # swap between steps
    world.step()
    trajectory.problems[60]                        # the MLCP assembled after 60 steps

World frame, z up, SI units (m, kg, s, N, rad).
"""

from mlcp._core import (
    SceneInfo,
    SceneParameter,
    StepStatistics,
    StepTimes,
    Trajectory,
    World,
    scene_catalog,
    scene_names,
)

__all__ = [
    "SceneInfo",
    "SceneParameter",
    "StepStatistics",
    "StepTimes",
    "Trajectory",
    "World",
    "scene_catalog",
    "scene_names",
]
