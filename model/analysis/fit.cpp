#include "fit.h"

#include "registry.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <random>

namespace costlab {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// Normal equations of a least-squares problem with up to three columns: XᵀX, Xᵀy, yᵀy.
/// Built once per value of the nonlinear parameters, O(points); every bounded solve after it
/// is O(1).
struct Normal3 {
    std::array<std::array<double, 3>, 3> xx{};
    std::array<double, 3> xy{};
    double yy = 0;

    void add(const std::array<double, 3>& x, double y)
    {
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j)
                xx[i][j] += x[i] * x[j];
            xy[i] += x[i] * y;
        }
        yy += y * y;
    }
    /// ‖y − Xc‖² from the normal equations.
    double sse(const std::array<double, 3>& c) const
    {
        double s = yy;
        for (int i = 0; i < 3; ++i) {
            s -= 2 * c[i] * xy[i];
            for (int j = 0; j < 3; ++j)
                s += c[i] * xx[i][j] * c[j];
        }
        return std::max(0.0, s);
    }
};

struct Solved {
    double sse = kInf;
    std::array<double, 3> c{};
};

/// Least squares over the columns in `mask` only (others 0), by Gaussian elimination with
/// partial pivoting; nullopt-like (sse ∞) when singular.
Solved solveSubset(const Normal3& n, unsigned mask)
{
    std::array<int, 3> idx{};
    int k = 0;
    for (int i = 0; i < 3; ++i)
        if (mask & (1u << i))
            idx[k++] = i;
    std::array<std::array<double, 4>, 3> m{};
    for (int r = 0; r < k; ++r) {
        for (int c = 0; c < k; ++c)
            m[r][c] = n.xx[idx[r]][idx[c]];
        m[r][k] = n.xy[idx[r]];
    }
    for (int col = 0; col < k; ++col) {
        int piv = col;
        for (int r = col + 1; r < k; ++r)
            if (std::abs(m[r][col]) > std::abs(m[piv][col]))
                piv = r;
        if (!(std::abs(m[piv][col]) > 1e-300))
            return {};
        std::swap(m[piv], m[col]);
        for (int r = 0; r < k; ++r) {
            if (r == col)
                continue;
            const double f = m[r][col] / m[col][col];
            for (int c = col; c <= k; ++c)
                m[r][c] -= f * m[col][c];
        }
    }
    Solved s;
    for (int r = 0; r < k; ++r)
        s.c[idx[r]] = m[r][k] / m[r][r];
    s.sse = n.sse(s.c);
    return s;
}

/// Non-negative least squares in up to three variables: the optimum of a convex quadratic on
/// the orthant is the unconstrained optimum of one of its faces that is feasible, so every
/// face (subset of free columns) is tried. `columns` = mask of the columns in use.
Solved nonNegative(const Normal3& n, unsigned columns)
{
    Solved best;
    best.sse = n.yy; // all zero
    for (unsigned mask = 1; mask < 8; ++mask) {
        if ((mask & ~columns) != 0)
            continue;
        const Solved s = solveSubset(n, mask);
        if (s.sse < best.sse && s.c[0] >= 0 && s.c[1] >= 0 && s.c[2] >= 0)
            best = s;
    }
    return best;
}

/// Nelder–Mead simplex in two dimensions (Nelder & Mead 1965; the standard coefficients
/// 1, 2, ½, ½). `f` returns ∞ outside the feasible box. Returns the best vertex.
std::array<double, 2> nelderMead(const std::function<double(double, double)>& f,
                                 std::array<double, 2> start, std::array<double, 2> step,
                                 int maxEvals = 400)
{
    std::array<std::array<double, 2>, 3> v{start, std::array{start[0] + step[0], start[1]},
                                           std::array{start[0], start[1] + step[1]}};
    std::array<double, 3> fv{};
    for (int i = 0; i < 3; ++i)
        fv[i] = f(v[i][0], v[i][1]);
    int evals = 3;
    while (evals < maxEvals) {
        std::array<int, 3> o{0, 1, 2};
        std::sort(o.begin(), o.end(), [&](int a, int b) { return fv[a] < fv[b]; });
        const int best = o[0], mid = o[1], worst = o[2];
        if (std::isfinite(fv[worst]) && fv[worst] - fv[best] <= 1e-14 * (1 + std::abs(fv[best])))
            break;
        const std::array<double, 2> c{(v[best][0] + v[mid][0]) / 2, (v[best][1] + v[mid][1]) / 2};
        auto along = [&](double t) {
            return std::array<double, 2>{c[0] + t * (v[worst][0] - c[0]),
                                         c[1] + t * (v[worst][1] - c[1])};
        };
        const auto r = along(-1);
        const double fr = f(r[0], r[1]);
        ++evals;
        if (fr < fv[best]) {
            const auto e = along(-2);
            const double fe = f(e[0], e[1]);
            ++evals;
            if (fe < fr)
                v[worst] = e, fv[worst] = fe;
            else
                v[worst] = r, fv[worst] = fr;
            continue;
        }
        if (fr < fv[mid]) {
            v[worst] = r, fv[worst] = fr;
            continue;
        }
        const auto k = along(fr < fv[worst] ? -0.5 : 0.5);
        const double fk = f(k[0], k[1]);
        ++evals;
        if (fk < std::min(fr, fv[worst])) {
            v[worst] = k, fv[worst] = fk;
            continue;
        }
        for (int i : {mid, worst}) { // shrink towards the best vertex
            v[i] = {(v[i][0] + v[best][0]) / 2, (v[i][1] + v[best][1]) / 2};
            fv[i] = f(v[i][0], v[i][1]);
            ++evals;
        }
    }
    int b = 0;
    for (int i = 1; i < 3; ++i)
        if (fv[i] < fv[b])
            b = i;
    return v[b];
}

using Point2 = std::array<double, 2>;

/// Up to `k` grid points that are local minima of `f` (no neighbour lower), smallest first:
/// the Chinchilla objective has several (Besiroglu et al. 2024 §3; Open-Athena, arXiv
/// 2603.22339), and a simplex started from the global grid minimum alone can settle in the
/// wrong basin once a resample tilts the surface (review M9).
std::vector<Point2> gridMinima(const std::function<double(double, double)>& f, Point2 lo, Point2 hi,
                               int nx, int ny, std::size_t k)
{
    std::vector<double> v(std::size_t(nx) * std::size_t(ny));
    auto at = [&](int i, int j) -> double& {
        return v[std::size_t(i) * std::size_t(ny) + std::size_t(j)];
    };
    auto point = [&](int i, int j) {
        return Point2{lo[0] + (hi[0] - lo[0]) * i / (nx - 1),
                      lo[1] + (hi[1] - lo[1]) * j / (ny - 1)};
    };
    for (int i = 0; i < nx; ++i)
        for (int j = 0; j < ny; ++j) {
            const Point2 p = point(i, j);
            at(i, j) = f(p[0], p[1]);
        }
    std::vector<std::pair<double, Point2>> minima;
    for (int i = 0; i < nx; ++i)
        for (int j = 0; j < ny; ++j) {
            const double x = at(i, j);
            if (!std::isfinite(x))
                continue;
            bool lowest = true;
            for (int di = -1; di <= 1 && lowest; ++di)
                for (int dj = -1; dj <= 1 && lowest; ++dj) {
                    const int a = i + di, b = j + dj;
                    if ((di || dj) && a >= 0 && a < nx && b >= 0 && b < ny && at(a, b) < x)
                        lowest = false;
                }
            if (lowest)
                minima.emplace_back(x, point(i, j));
        }
    std::sort(minima.begin(), minima.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<Point2> out;
    for (std::size_t m = 0; m < minima.size() && out.size() < k; ++m)
        out.push_back(minima[m].second);
    if (out.empty())
        out.push_back(lo);
    return out;
}

/// The simplex from each start; the best end point. `ends`, when given, receives every end
/// point (the bootstrap's starts).
Point2 multiStartSimplex(const std::function<double(double, double)>& f,
                         const std::vector<Point2>& starts, Point2 step,
                         std::vector<Point2>* ends = nullptr)
{
    Point2 best = starts.front();
    double fb = kInf;
    for (const Point2& s : starts) {
        const Point2 x = nelderMead(f, s, step);
        const double v = f(x[0], x[1]);
        if (ends)
            ends->push_back(x);
        if (v < fb)
            fb = v, best = x;
    }
    return best;
}

/// The three lowest local minima of the grid, then the simplex from each (the best wins).
Point2 gridThenSimplex(const std::function<double(double, double)>& f, Point2 lo, Point2 hi, int nx,
                       int ny, std::vector<Point2>* ends = nullptr)
{
    return multiStartSimplex(f, gridMinima(f, lo, hi, nx, ny, 3),
                             {(hi[0] - lo[0]) / (nx - 1), (hi[1] - lo[1]) / (ny - 1)}, ends);
}

double quantileOf(std::vector<double> v, double q)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const double pos = q * double(v.size() - 1);
    const auto i = static_cast<std::size_t>(pos);
    const double t = pos - double(i);
    return i + 1 < v.size() ? v[i] * (1 - t) + v[i + 1] * t : v[i];
}

/// Σ(v − mean)², the total sum of squares.
double sumSquaresAboutMean(const std::vector<double>& v)
{
    if (v.empty())
        return 0;
    double m = 0;
    for (double x : v)
        m += x;
    m /= double(v.size());
    double s = 0;
    for (double x : v)
        s += (x - m) * (x - m);
    return s;
}

double stddevOf(const std::vector<double>& v)
{
    return v.size() < 2 ? 0 : std::sqrt(sumSquaresAboutMean(v) / double(v.size() - 1));
}

void fillQuality(FitQuality& q, const std::vector<double>& residuals)
{
    q.points = static_cast<int>(residuals.size());
    q.residuals = residuals;
    double ss = 0;
    q.max_residual = 0;
    for (double r : residuals) {
        ss += r * r;
        q.max_residual = std::max(q.max_residual, std::abs(r));
    }
    q.rmse = residuals.empty() ? 0 : std::sqrt(ss / double(residuals.size()));
}

/// True when the law explains at least a twentieth of the values' variance (R² ≥ 0.05): a
/// law that only reproduces their mean has found no trend to extrapolate.
bool explainsTrend(double sse, const std::vector<double>& y)
{
    if (!std::isfinite(sse) || y.empty())
        return false;
    const double tss = sumSquaresAboutMean(y);
    return tss > 0 && sse <= 0.95 * tss;
}

// ---- Loss law ------------------------------------------------------------------------------

constexpr double kExpLo = 0.01, kExpHi = 2.0;

/// Loss points with their logarithms, so that each trial exponent costs two exp() per point.
struct LossData {
    std::vector<double> lnN, lnD, y;
};

struct LossSolution {
    double sse = kInf;
    LossLaw law;
};

/// Best (E, A, B) ≥ 0 for fixed exponents; single size: columns (1, D^−β) only.
LossSolution projectLoss(const LossData& d, double alpha, double beta, bool single)
{
    if (alpha < kExpLo || alpha > kExpHi || beta < kExpLo || beta > kExpHi)
        return {};
    Normal3 n;
    for (std::size_t i = 0; i < d.y.size(); ++i)
        n.add({1.0, single ? 0.0 : std::exp(-alpha * d.lnN[i]), std::exp(-beta * d.lnD[i])},
              d.y[i]);
    const Solved s = nonNegative(n, single ? 0b101u : 0b111u);
    return {
        .sse = s.sse,
        .law = {.E = s.c[0], .A = s.c[1], .B = s.c[2], .alpha = single ? 0 : alpha, .beta = beta}};
}

/// Exponents minimising the projected residual: the simplex from each of `starts` (a
/// bootstrap resample: the full fit's basins) if given, else the grid's minima + simplex, whose
/// end points go to `ends`.
LossSolution solveLoss(const LossData& d, bool single, const std::vector<Point2>* starts,
                       std::vector<Point2>* ends = nullptr)
{
    // One size: A/N^α is a constant E absorbs, so α is left out (the objective ignores it).
    auto f = [&](double a, double b) { return projectLoss(d, single ? 0.3 : a, b, single).sse; };
    const Point2 x = starts && !starts->empty()
                         ? multiStartSimplex(f, *starts, {0.02, 0.02})
                         : gridThenSimplex(f, {0.05, 0.05}, {1.2, 1.2}, single ? 2 : 24, 40, ends);
    return projectLoss(d, single ? 0.3 : x[0], x[1], single);
}

LossData lossData(std::span<const LossPoint> pts, const std::vector<std::size_t>& pick)
{
    LossData d;
    for (std::size_t i : pick) {
        d.lnN.push_back(std::log(pts[i].params));
        d.lnD.push_back(std::log(pts[i].tokens));
        d.y.push_back(pts[i].loss);
    }
    return d;
}

// ---- RL curve ------------------------------------------------------------------------------

struct RlData {
    std::vector<double> lnC, y;
};

struct RlSolution {
    double sse = kInf;
    RlCurve curve;
};

/// Best 0 ≤ R0 ≤ A ≤ 1 for fixed (B, C_mid): R = R0·(1 − s) + A·s is linear in (R0, A); the
/// constrained optimum is the free one if feasible, else on an edge of the triangle.
RlSolution projectRl(const RlData& d, double lnB, double lnCmid)
{
    if (lnB < std::log(0.05) || lnB > std::log(20.0))
        return {};
    const double B = std::exp(lnB);
    Normal3 n;
    for (std::size_t i = 0; i < d.y.size(); ++i) {
        const double s = 1.0 / (1.0 + std::exp(B * (lnCmid - d.lnC[i])));
        n.add({1.0 - s, s, 0.0}, d.y[i]);
    }
    RlSolution best;
    auto consider = [&](double r0, double a) {
        if (r0 < -1e-12 || a > 1 + 1e-12 || r0 > a + 1e-12)
            return;
        const double e = n.sse({r0, a, 0.0});
        if (e < best.sse)
            best = {.sse = e, .curve = {.A = a, .B = B, .C_mid = std::exp(lnCmid), .R0 = r0}};
    };
    const Solved free = solveSubset(n, 0b011u);
    if (std::isfinite(free.sse))
        consider(free.c[0], free.c[1]);
    // Edges: R0 = 0; A = 1; R0 = A. On each the objective is a 1-D quadratic, clamped.
    auto clamp01 = [](double v) { return std::clamp(std::isfinite(v) ? v : 0.0, 0.0, 1.0); };
    if (n.xx[1][1] > 0)
        consider(0, clamp01(n.xy[1] / n.xx[1][1]));
    if (n.xx[0][0] > 0)
        consider(clamp01((n.xy[0] - n.xx[0][1]) / n.xx[0][0]), 1);
    const double sumXX = n.xx[0][0] + 2 * n.xx[0][1] + n.xx[1][1];
    if (sumXX > 0) {
        const double r = clamp01((n.xy[0] + n.xy[1]) / sumXX);
        consider(r, r);
    }
    return best;
}

RlSolution solveRl(const RlData& d, const std::vector<Point2>* starts,
                   std::vector<Point2>* ends = nullptr)
{
    auto f = [&](double lb, double lc) { return projectRl(d, lb, lc).sse; };
    Point2 x;
    if (starts && !starts->empty()) {
        x = multiStartSimplex(f, *starts, {0.1, 0.2});
    } else {
        const auto [mn, mx] = std::minmax_element(d.lnC.begin(), d.lnC.end());
        x = gridThenSimplex(f, {std::log(0.1), *mn - std::log(10.0)},
                            {std::log(10.0), *mx + std::log(100.0)}, 16, 32, ends);
    }
    return projectRl(d, x[0], x[1]);
}

RlData rlData(std::span<const ScorePoint> pts, const std::vector<std::size_t>& pick)
{
    RlData d;
    for (std::size_t i : pick) {
        d.lnC.push_back(std::log(pts[i].compute));
        d.y.push_back(pts[i].score);
    }
    return d;
}

/// Case-resampling bootstrap: `refit` gets the indices of one resample (into `base`) and
/// returns false when the resample cannot be fitted (it is then skipped).
template <typename Refit>
void bootstrap(const FitOptions& o, const std::vector<std::size_t>& base, Refit refit)
{
    std::mt19937_64 rng(o.seed);
    std::uniform_int_distribution<std::size_t> pick(0, base.size() - 1);
    std::vector<std::size_t> sample(base.size());
    for (int r = 0; r < o.bootstrap; ++r) {
        for (auto& s : sample)
            s = base[pick(rng)];
        refit(sample);
    }
}

} // namespace

LossLawFit fitLossLaw(std::span<const LossPoint> pts, const FitOptions& o)
{
    LossLawFit fit;
    std::vector<std::size_t> all;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        const LossPoint& p = pts[i];
        if (!(std::isfinite(p.params) && std::isfinite(p.tokens) && std::isfinite(p.loss)) ||
            p.params <= 0 || p.tokens <= 0 || p.loss <= 0) {
            fit.problem = FitProblem::NotFinite;
            return fit;
        }
        all.push_back(i);
    }
    const auto [mnN, mxN] = std::minmax_element(
        pts.begin(), pts.end(), [](const auto& a, const auto& b) { return a.params < b.params; });
    fit.single_size = pts.empty() || mxN->params <= mnN->params * (1 + 1e-9);
    fit.params_fitted = fit.single_size && !pts.empty() ? pts.front().params : 0;
    if (!pts.empty()) {
        const auto [mnD, mxD] =
            std::minmax_element(pts.begin(), pts.end(),
                                [](const auto& a, const auto& b) { return a.tokens < b.tokens; });
        fit.n_min = mnN->params;
        fit.n_max = mxN->params;
        fit.d_min = mnD->tokens;
        fit.d_max = mxD->tokens;
    }
    fit.needed = fit.single_size ? 4 : 5; // parameters + 1 at least, so residuals say something
    if (static_cast<int>(pts.size()) < fit.needed) {
        fit.problem = FitProblem::TooFewPoints;
        return fit;
    }
    const LossData d = lossData(pts, all);
    std::vector<Point2> basins; // every basin the full fit's simplex ended in: resample starts
    const LossSolution s = solveLoss(d, fit.single_size, nullptr, &basins);
    if (!explainsTrend(s.sse, d.y)) {
        fit.problem = FitProblem::NoTrend;
        return fit;
    }
    fit.law = s.law;
    std::vector<double> res;
    for (const LossPoint& p : pts)
        res.push_back(p.loss - lossAt(fit.law, p.params, p.tokens));
    fillQuality(fit.quality, res);
    bootstrap(o, all, [&](const std::vector<std::size_t>& sample) {
        const LossSolution r = solveLoss(lossData(pts, sample), fit.single_size, &basins);
        if (std::isfinite(r.sse))
            fit.replicates.push_back(r.law);
    });
    const double qlo = (1 - o.interval) / 2, qhi = (1 + o.interval) / 2;
    auto band = [&](double LossLaw::*m) {
        std::vector<double> v;
        for (const LossLaw& r : fit.replicates)
            v.push_back(r.*m);
        fit.low.*m = fit.replicates.empty() ? fit.law.*m : quantileOf(v, qlo);
        fit.high.*m = fit.replicates.empty() ? fit.law.*m : quantileOf(v, qhi);
    };
    for (auto m : {&LossLaw::E, &LossLaw::A, &LossLaw::B, &LossLaw::alpha, &LossLaw::beta})
        band(m);
    return fit;
}

RlCurveFit fitRlCurve(std::span<const ScorePoint> pts, const FitOptions& o)
{
    RlCurveFit fit;
    fit.needed = 4;
    std::vector<std::size_t> used;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        const ScorePoint& p = pts[i];
        if (!std::isfinite(p.compute) || !std::isfinite(p.score) || p.compute < 0) {
            fit.problem = FitProblem::NotFinite;
            return fit;
        }
        if (p.score < 0 || p.score > 1) {
            fit.problem = FitProblem::ScoreOutOfRange;
            return fit;
        }
        if (p.compute <= o.exclude_below || p.compute <= 0)
            ++fit.quality.excluded;
        else
            used.push_back(i);
    }
    if (static_cast<int>(used.size()) < fit.needed) {
        fit.problem = FitProblem::TooFewPoints;
        return fit;
    }
    fit.c_min = pts[used.front()].compute;
    fit.c_max = pts[used.front()].compute;
    for (std::size_t i : used) {
        fit.c_min = std::min(fit.c_min, pts[i].compute);
        fit.c_max = std::max(fit.c_max, pts[i].compute);
    }
    const RlData data = rlData(pts, used);
    std::vector<Point2> basins;
    const RlSolution s = solveRl(data, nullptr, &basins);
    if (!(s.curve.A > s.curve.R0 + 1e-9) || !explainsTrend(s.sse, data.y)) {
        fit.problem = FitProblem::NoTrend;
        return fit;
    }
    fit.curve = s.curve;
    std::vector<double> res;
    for (std::size_t i : used)
        res.push_back(pts[i].score - rlScoreAt(fit.curve, pts[i].compute));
    const int excluded = fit.quality.excluded;
    fillQuality(fit.quality, res);
    fit.quality.excluded = excluded;
    bootstrap(o, used, [&](const std::vector<std::size_t>& sample) {
        const RlSolution r = solveRl(rlData(pts, sample), &basins);
        if (std::isfinite(r.sse))
            fit.replicates.push_back(r.curve);
    });
    const double qlo = (1 - o.interval) / 2, qhi = (1 + o.interval) / 2;
    for (auto m : {&RlCurve::A, &RlCurve::B, &RlCurve::C_mid, &RlCurve::R0}) {
        std::vector<double> v;
        for (const RlCurve& r : fit.replicates)
            v.push_back(r.*m);
        fit.low.*m = v.empty() ? fit.curve.*m : quantileOf(v, qlo);
        fit.high.*m = v.empty() ? fit.curve.*m : quantileOf(v, qhi);
    }
    return fit;
}

double neededTokensSigma(const LossLawFit& f, double params, double targetLoss)
{
    std::vector<double> ln;
    for (const LossLaw& r : f.replicates) {
        const double d = tokensForLoss(r, params, targetLoss);
        if (std::isfinite(d))
            ln.push_back(std::log(d));
    }
    if (double(ln.size()) < 0.8 * double(f.replicates.size()))
        return std::numeric_limits<double>::infinity();
    return stddevOf(ln);
}

double neededComputeSigma(const RlCurveFit& f, double targetScore)
{
    std::vector<double> ln;
    for (const RlCurve& r : f.replicates) {
        const double c = rlComputeForScore(r, targetScore);
        if (std::isfinite(c) && c > 0)
            ln.push_back(std::log(c));
    }
    if (double(ln.size()) < 0.8 * double(f.replicates.size()))
        return std::numeric_limits<double>::infinity();
    return stddevOf(ln);
}

double standardErrorOfE(const LossLawFit& f)
{
    std::vector<double> v;
    for (const LossLaw& r : f.replicates)
        v.push_back(r.E);
    return stddevOf(v);
}

double standardErrorOfA(const RlCurveFit& f)
{
    std::vector<double> v;
    for (const RlCurve& r : f.replicates)
        v.push_back(r.A);
    return stddevOf(v);
}

std::string fitProblemText(FitProblem p, int needed, int have)
{
    switch (p) {
    case FitProblem::None:
        return {};
    case FitProblem::TooFewPoints:
        return "too few points to fit: need at least " + std::to_string(needed) + ", have " +
               std::to_string(have);
    case FitProblem::NotFinite:
        return "a point is not a positive finite number (size, amount and loss must be > 0)";
    case FitProblem::NoTrend:
        return "the points do not improve with more training; no curve of this law fits them";
    case FitProblem::ScoreOutOfRange:
        return "a score is outside 0-1; give pass rates as fractions";
    }
    return {};
}

std::vector<ParamChange> lossLawChanges(const LossLawFit& fit)
{
    const LossLaw& l = fit.law;
    std::vector<ParamChange> c{{"loss_law", "custom"},
                               {"law.e", numberText(l.E)},
                               {"law.a", numberText(l.A)},
                               {"law.b", numberText(l.B)},
                               {"law.alpha", numberText(l.alpha)},
                               {"law.beta", numberText(l.beta)}};
    // The plan applies E's standard error at its own size and target:
    // σ(ln D) = σ_E/(β·(target − floor)) (docs/model-reference.md §11.1).
    if (const double se = standardErrorOfE(fit); se > 0)
        c.push_back({"law_sigma", numberText(std::round(se * 1e5) / 1e5)});
    // The runs' range, so a plan outside it is flagged (a fit at one size: every other size).
    c.push_back({"law_fit.n_min", numberText(fit.n_min)});
    c.push_back({"law_fit.n_max", numberText(fit.n_max)});
    c.push_back({"law_fit.d_min", numberText(fit.d_min)});
    c.push_back({"law_fit.d_max", numberText(fit.d_max)});
    return c;
}

std::vector<ParamChange> rlCurveChanges(const RlCurveFit& fit, RlComputeUnit unit,
                                        double stepGpuHours)
{
    const RlCurve& r = fit.curve;
    const bool iterations = unit == RlComputeUnit::Iterations;
    std::vector<ParamChange> c{
        {"rl_curve", "custom"},         {"curve.a", numberText(r.A)},
        {"curve.b", numberText(r.B)},   {"curve.c_mid", numberText(r.C_mid)},
        {"curve.r0", numberText(r.R0)}, {"curve_unit", iterations ? "iterations" : "gpu_hours"}};
    if (!iterations)
        c.push_back({"curve_step_gpu_hours", numberText(std::max(0.0, stepGpuHours))});
    if (const double se = standardErrorOfA(fit); se > 0)
        c.push_back({"curve_sigma", numberText(std::round(se * 1e5) / 1e5)});
    c.push_back({"curve_fit.c_min", numberText(fit.c_min)});
    c.push_back({"curve_fit.c_max", numberText(fit.c_max)});
    return c;
}

} // namespace costlab
