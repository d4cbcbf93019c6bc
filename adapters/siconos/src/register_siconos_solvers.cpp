#include <mlcp/adapters/siconos/register_siconos_solvers.hpp>
#include <mlcp/adapters/siconos/siconos_solver.hpp>
#include <mlcp/core/solver_factory.hpp>

namespace mlcp::adapters {

namespace {

SolverEntry siconosEntry(std::string name, std::string description, SiconosMethod method) {
  return solverEntry<SiconosSolver, SiconosOptions>(
      std::move(name), std::move(description), {},
      [method](const SiconosOptions& options) {
        return std::make_unique<SiconosSolver>(method, options);
      },
      SiconosOptions::table(method));
}

}  // namespace

void registerSiconosSolvers() {
  registerSolver(siconosEntry("siconos-lemke", "Siconos 4.4 lcp_lexicolemke (pure LCP only)",
                              SiconosMethod::Lemke));
  registerSolver(
      siconosEntry("siconos-pgs", "Siconos 4.4 lcp_pgs (pure LCP only)", SiconosMethod::Pgs));
  registerSolver(siconosEntry("siconos-enum", "Siconos 4.4 lcp_enum (pure LCP, n <= 20)",
                              SiconosMethod::Enum));
  registerSolver(siconosEntry("siconos-mlcp-pgs", "Siconos 4.4 mlcp_pgs (nub equalities + LCP)",
                              SiconosMethod::MlcpPgs));
  registerSolver(siconosEntry("siconos-mlcp-enum",
                              "Siconos 4.4 mlcp_enum (nub equalities + LCP, n - nub <= 20)",
                              SiconosMethod::MlcpEnum));
  registerSolver(siconosEntry("siconos-mlcp-lemke",
                              "Siconos 4.4 mlcp_lcp_lemke (nub equalities + LCP)",
                              SiconosMethod::MlcpLemke));
}

const OptionTable<SiconosOptions>& SiconosOptions::table(SiconosMethod method) {
  const auto tolerance = [] {
    return option<SiconosOptions>("siconos_tolerance", &SiconosOptions::siconosTolerance, "> 0",
                                  "Siconos' own stopping tolerance (its error measure)");
  };
  static const OptionTable<SiconosOptions> enumeration(peerOptionFields<SiconosOptions>(
      {tolerance(),
       option<SiconosOptions>("max_enumeration_size", &SiconosOptions::maxEnumerationSize,
                              "1 <= max_enumeration_size <= 30",
                              "Largest number of complementarity rows enumerated")}));
  static const OptionTable<SiconosOptions> others(peerOptionFields<SiconosOptions>({tolerance()}));
  return method == SiconosMethod::Enum || method == SiconosMethod::MlcpEnum ? enumeration : others;
}

}  // namespace mlcp::adapters
