// World: the assembled MLCP (A, b, labels, export), the matrix-free form, the integration, the
// warm start and the errors it raises.

#include <mlcp/dynamics/dynamics.hpp>
#include <mlcp/mlcp.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace dyn = mlcp::dynamics;

namespace {

/// A solver that records the initial guess it is started from, then solves with Dantzig: a
/// MixedLCP the World knows only through the base class.
class RecordingSolver final : public mlcp::MixedLCP {
 public:
  std::string_view name() const override { return "recording"; }
  mlcp::Capabilities capabilities() const override { return {true, true, false}; }
  const mlcp::SolverOptions& commonOptions() const override { return m_inner.commonOptions(); }
  Eigen::VectorXd startedFrom;

 private:
  void doSetup(int) override {}
  void doSolve(const mlcp::ProblemView& p, Eigen::VectorXd& x, mlcp::SolveReport& report) override {
    startedFrom = x;
    m_inner.setMatrix(p.A);
    m_inner.setRightSide(p.b);
    m_inner.setLow(p.lo);
    m_inner.setHigh(p.hi);
    m_inner.setFrictionIndex(p.findex);
    m_inner.setNumberUnbounded(p.nub);
    const mlcp::SolveReport& inner = m_inner.solve();
    x = m_inner.getLambda();
    report.status = inner.status;
  }
  mlcp::DantzigSolver m_inner;
};

/// A 2 x 1 x 0.5 box of 3 kg resting on the ground with its corners exactly touching, rotated
/// about z, plus a ball-jointed pendulum bob.
dyn::World restingBoxAndPendulum() {
  dyn::World world;
  world.setName("test");
  world.addGeometry({"ground", dyn::Plane{}, -1});
  dyn::Body box =
      dyn::Body::withMass("box", dyn::boxMassProperties(3.0, {2.0, 1.0, 0.5}), {0.0, 0.0, 0.25});
  box.q_WB = Eigen::Quaterniond(Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitZ()));
  world.addGeometry({"", dyn::Box{Eigen::Vector3d(2.0, 1.0, 0.5)}, world.addBody(box)});
  dyn::Body bob =
      dyn::Body::withMass("bob", dyn::sphereMassProperties(1000.0, 0.1), {3.0, 0.0, 2.0});
  bob.v_WB = {0.0, 1.0, 0.0};
  bob.w_WB = {0.5, 0.0, 0.2};
  const int b = world.addBody(bob);
  world.emplaceConstraint<dyn::BallJoint>(-1, b, Eigen::Vector3d(3.0, 0.0, 3.0));
  return world;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(World)

BOOST_AUTO_TEST_CASE(assembled_matrix_is_J_Minv_JT_plus_cfm_over_h) {
  dyn::World world = restingBoxAndPendulum();
  const double h = 0.01;
  const dyn::StepProblem& step = world.prepareStep(h);
  const int n = step.size();
  BOOST_TEST(n == 3 + 4 * 3);  // ball joint, four corner contacts with two friction rows each
  BOOST_TEST(step.contactCount == 4);
  // Reference: global J (n x 12) and block-diagonal M^-1 built independently.
  const int nb = world.bodyCount();
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(n, 6 * nb),
                  Minv = Eigen::MatrixXd::Zero(6 * nb, 6 * nb);
  for (int i = 0; i < n; ++i)
    for (int side = 0; side < 2; ++side)
      if (const int body = step.problem.bodies(i, side); body >= 0)
        J.block(i, 6 * body, 1, 6) += step.problem.J.block(i, 6 * side, 1, 6);
  for (int k = 0; k < nb; ++k) {
    const dyn::Body& body = world.body(k);
    Minv.block(6 * k, 6 * k, 3, 3) = Eigen::Matrix3d::Identity() / body.mass;
    const Eigen::Matrix3d R = body.q_WB.toRotationMatrix();
    Minv.block(6 * k + 3, 6 * k + 3, 3, 3) = R * body.I_Bcm_B.inverse() * R.transpose();
  }
  const Eigen::MatrixXd expected =
      J * Minv * J.transpose() +
      Eigen::MatrixXd(Eigen::VectorXd::Constant(n, 1e-5 / h).asDiagonal());
  const mlcp::Problem dense = step.toProblem();
  BOOST_TEST((dense.A.form() == mlcp::MatrixForm::Factors));
  BOOST_TEST((dense.A.toDense() - expected).cwiseAbs().maxCoeff() < 1e-12);
  BOOST_TEST((Eigen::MatrixXd(dense.A.toSparse()) - expected).cwiseAbs().maxCoeff() < 1e-12);
  // The product on the factors agrees with the dense matrix.
  const Eigen::VectorXd x = Eigen::VectorXd::LinSpaced(n, -1.0, 2.0);
  Eigen::VectorXd Ax(n);
  step.problem.multiply(x, Ax);
  BOOST_TEST((Ax - expected * x).cwiseAbs().maxCoeff() < 1e-12);
  BOOST_TEST((dense.A * x - expected * x).cwiseAbs().maxCoeff() < 1e-12);
  // b = c/h - J (v/h + M^-1 f_ext); the resting box has c = 0 and v = 0, so its normal rows read
  // b = -n . g = 9.81 m/s^2 (the acceleration the contact must cancel).
  for (int i = 3; i < n; i += 3) {
    BOOST_TEST(step.rows[static_cast<size_t>(i)].type == dyn::RowType::ContactNormal);
    BOOST_TEST(dense.b[i] == 9.81, boost::test_tools::tolerance(1e-12));
    BOOST_TEST(dense.lo[i] == 0.0);
    BOOST_TEST(std::isinf(dense.hi[i]));
    BOOST_TEST(dense.findex[i + 1] == i);  // friction rows point at their normal
    BOOST_TEST(dense.findex[i + 2] == i);
    BOOST_TEST(dense.hi[i + 1] == 0.5);  // mu of the default material
  }
}

BOOST_AUTO_TEST_CASE(rows_are_labelled_and_exported) {
  dyn::World world = restingBoxAndPendulum();
  const dyn::StepProblem& step = world.prepareStep(0.01);
  BOOST_TEST(step.rowLabel(0) == "ball world/bob x");
  BOOST_TEST(step.rowLabel(3) == "contact box/ground normal");
  BOOST_TEST(step.rowLabel(5) == "contact box/ground friction2");
  BOOST_TEST(step.problem.name == "test step 0");
  BOOST_TEST(world.findBody("bob") == 1);
  BOOST_TEST(world.findBody("nobody") == -1);
  BOOST_TEST(world.geometries()[1].name == "box");  // named after its body
  std::stringstream file;
  dyn::writeLabelledBlcp(step, file);
  const std::string text = file.str();
  BOOST_TEST(text.find("# row 4: contact box/ground friction1") != std::string::npos);
  const mlcp::Problem read = mlcp::parseBlcp(text);
  const mlcp::Problem dense = step.toProblem();
  BOOST_TEST(read.name == "test step 0");
  BOOST_TEST((read.A.toDense() - dense.A.toDense()).cwiseAbs().maxCoeff() == 0.0);
  BOOST_TEST((read.b - dense.b).cwiseAbs().maxCoeff() == 0.0);
  BOOST_TEST((read.findex - dense.findex).cwiseAbs().maxCoeff() == 0);
}

BOOST_AUTO_TEST_CASE(step_integrates_semi_implicit_euler) {
  // A free body: v' = v + h g, p' = p + h v', and the quaternion follows w.
  dyn::World world;
  dyn::Body body;
  body.v_WB = {1.0, 0.0, 2.0};
  body.w_WB = {0.0, 0.0, 3.0};
  body.gyroscopicMode = dyn::GyroscopicMode::None;
  body.f_B_W = {0.5, 0.0, 0.0};
  world.addBody(body);
  const double h = 0.1;
  world.step(h);  // no rows: no solver needed
  const dyn::Body& b = world.body(0);
  BOOST_TEST((b.v_WB - Eigen::Vector3d(1.05, 0.0, 2.0 - 0.981)).norm() < 1e-14);
  BOOST_TEST((b.p_WB - h * b.v_WB).norm() < 1e-14);
  BOOST_TEST(b.f_B_W.norm() == 0.0);  // accumulators are cleared
  // q' = normalise(q + h/2 (0, w) q): a rotation by 2 atan(h |w| / 2) about w.
  BOOST_TEST(2.0 * std::atan2(b.q_WB.z(), b.q_WB.w()) == 2.0 * std::atan(0.15),
             boost::test_tools::tolerance(1e-14));
  BOOST_TEST(b.q_WB.vec().head<2>().norm() == 0.0);
  BOOST_TEST(world.stepCount() == 1);
  BOOST_TEST(world.time() == h);
}

BOOST_AUTO_TEST_CASE(the_solver_is_used_through_the_base_class_and_warm_started) {
  dyn::World world = restingBoxAndPendulum();
  RecordingSolver solver;
  world.setSolver(solver);
  world.step(0.01);
  BOOST_TEST(world.lastStatistics().solverName == "recording");
  BOOST_TEST(solver.startedFrom.norm() == 0.0);  // nothing to start from yet
  const Eigen::VectorXd first = world.lastLambda();
  world.step(0.01);
  BOOST_TEST_REQUIRE(solver.startedFrom.size() == first.size());
  BOOST_TEST((solver.startedFrom - first).norm() == 0.0);  // same rows: previous lambda
  world.setWarmStart(false);
  world.step(0.01);
  BOOST_TEST(solver.startedFrom.norm() == 0.0);
}

BOOST_AUTO_TEST_CASE(misuse_and_bad_data_raise_clear_errors) {
  dyn::World world = restingBoxAndPendulum();
  BOOST_CHECK_THROW(world.step(0.01), std::logic_error);  // rows but no solver
  BOOST_CHECK_THROW(world.step(0.0), std::invalid_argument);
  BOOST_CHECK_THROW(world.step(std::nan("")), std::invalid_argument);
  BOOST_CHECK_THROW(world.finishStep(Eigen::VectorXd()), std::logic_error);
  world.prepareStep(0.01);
  BOOST_CHECK_THROW(world.finishStep(Eigen::VectorXd::Zero(2)), std::invalid_argument);
  BOOST_CHECK_THROW(world.finishStep(Eigen::VectorXd::Constant(15, std::nan(""))),
                    std::invalid_argument);
  dyn::Body massless;
  massless.mass = 0.0;
  BOOST_CHECK_THROW(world.addBody(massless), std::invalid_argument);
  dyn::Body skew;
  skew.I_Bcm_B(0, 1) = 5.0;
  BOOST_CHECK_THROW(world.addBody(skew), std::invalid_argument);
  BOOST_CHECK_THROW(world.addGeometry({"x", dyn::Sphere{0.1}, 7}), std::invalid_argument);
  BOOST_CHECK_THROW(world.addGeometry({"x", dyn::Plane{}, 0}), std::invalid_argument);
  BOOST_CHECK_THROW(world.addGeometry({"x", dyn::Sphere{-1.0}, 0}), std::invalid_argument);
  BOOST_CHECK_THROW(world.setErpCfm({1.2, 1e-5}), std::invalid_argument);
  BOOST_CHECK_THROW(world.setContactMaterial(0, 5, {}), std::invalid_argument);
  dyn::ContactMaterial sticky;
  sticky.mu = -1.0;
  BOOST_CHECK_THROW(world.setDefaultContactMaterial(sticky), std::invalid_argument);
  BOOST_CHECK_THROW(world.setCollisionDetector(nullptr), std::invalid_argument);
  mlcp::DantzigOptions denseForm;  // the dense form: a dense copy of A
  denseForm.factorization = mlcp::DantzigFactorization::Dense;
  mlcp::DantzigSolver solver(denseForm);
  world.setSolver(solver);
  world.setMaxDenseRows(10);  // 15 rows: too many for the dense path
  BOOST_CHECK_EXCEPTION(world.step(0.01), std::runtime_error, [](const std::runtime_error& e) {
    return std::string(e.what()).find("dense limit of 10") != std::string::npos;
  });
  BOOST_CHECK_THROW(world.setMaxDenseRows(0), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(solvers_on_the_factors_have_no_dense_limit) {
  dyn::World world = restingBoxAndPendulum();
  world.setMaxDenseRows(10);  // 15 rows: too many for a dense solver, no matter for this one
  const std::unique_ptr<mlcp::MixedLCP> solver = mlcp::makeSolver("pgs");
  BOOST_TEST(!solver->capabilities().denseA);
  world.setSolver(*solver);
  for (int k = 0; k < 20; ++k) world.step(0.01);
  BOOST_TEST(world.lastStatistics().solverName == "pgs");
  BOOST_TEST(world.lastStatistics().rows == 15);
  BOOST_TEST(std::abs(world.body(0).p_WB.z() - 0.25) < 1e-3);  // the box still rests
}

BOOST_AUTO_TEST_CASE(matrix_free_path_steps_like_the_dense_one) {
  // prepareStep() + any lambda source + finishStep() is step(): here the lambda comes from
  // solving the dense form outside the World.
  dyn::World a = restingBoxAndPendulum(), b = restingBoxAndPendulum();
  mlcp::DantzigSolver solver;
  a.setSolver(solver);
  for (int k = 0; k < 10; ++k) {
    a.step(0.01);
    const dyn::StepProblem& step = b.prepareStep(0.01);
    mlcp::DantzigSolver outside;
    outside.setProblem(step.toProblem());
    BOOST_TEST_REQUIRE(outside.solve().succeeded());
    b.finishStep(outside.getLambda());
  }
  for (int i = 0; i < a.bodyCount(); ++i)
    BOOST_TEST((a.body(i).p_WB - b.body(i).p_WB).norm() < 1e-12);
}

BOOST_AUTO_TEST_CASE(materials_apply_per_pair) {
  dyn::World world = restingBoxAndPendulum();
  dyn::ContactMaterial ice;
  ice.mu = 0.0;
  world.setContactMaterial(1, 0, ice);
  const dyn::StepProblem& step = world.prepareStep(0.01);
  BOOST_TEST(step.size() == 3 + 4);  // no friction rows without friction
  dyn::ContactMaterial glue;
  glue.mu = std::numeric_limits<double>::infinity();
  world.setContactMaterial(0, 1, glue);
  const mlcp::Problem dense = world.prepareStep(0.01).toProblem();
  BOOST_TEST(dense.findex[4] == -1);  // infinite friction: unbounded rows, no findex
  BOOST_TEST(std::isinf(dense.hi[4]));
}

BOOST_AUTO_TEST_SUITE_END()
