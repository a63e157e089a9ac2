// The headline strip above the charts: total cost, GPU-hours, wall-clock days, cost per
// million training tokens, budget status, and one coloured badge per row of the risk table
// (risks.h) with a tooltip explaining it; the Monte Carlo P50 · P90 of cost and days and the
// chance of missing the deadline; the MFU of the
// largest training phase with where it comes from, and a red line for impossible layouts.
#pragma once

#include "estimate.h"
#include "montecarlo.h"
#include "risks.h"
#include "scenario.h"

#include <QWidget>

#include <vector>

class QGridLayout;
class QHBoxLayout;
class QVBoxLayout;
class QLabel;

namespace costlab {

class HeadlineStrip : public QWidget {
    Q_OBJECT
public:
    explicit HeadlineStrip(QWidget* parent = nullptr);

    void setEstimate(const Scenario& scenario, const Estimate& estimate);
    /// The Monte Carlo range under the total ("P50 · P90"), from the analysis worker; a
    /// result with an error or no runs clears it.
    void setUncertainty(const MonteCarloResult& result);

    // Test access.
    QString totalText() const;
    QString rangeText() const;
    QString daysRangeText() const;
    QString mfuText() const;
    QString problemText() const;
    QString badgeText(int index) const;
    /// 0 low, 1 elevated, 2 high; −1 when nothing is judged (no estimate, or one that is not ok).
    int badgeSeverity(int index) const;
    static constexpr int kBadgeCount = kRiskCount;

    /// Rows the six figures take: 1, or 2 (three each) when one row does not fit the width,
    /// so the strip never holds the window wider than a 1920×1080 screen at 200 %.
    int figureRows() const { return m_figureRows; }
    /// Rows the six risk badges take: 1, or 2 (three each) when one row does not fit, so
    /// no badge is cut at 2× scale or beside a wide parameter dock.
    int badgeRows() const { return m_badgeRows; }

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    /// A press on a figure makes it selectable (see addFigure()).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Figure {
        QLabel* caption = nullptr;
        QLabel* value = nullptr;
    };
    Figure addFigure();
    /// Lay the figures out in one row or two, whichever the width allows.
    void arrangeFigures();
    void retranslate();
    void updateTexts();
    void updateMfu();
    void showNoFigures();

    /// Every text's font from the strip's own (captions 0.9×, figures 1.25×, the total
    /// 1.6×, badges 1×), at construction and whenever that font changes (presenter zoom).
    void applyFonts();
    Figure m_total, m_gpuHours, m_days, m_perToken, m_mfu, m_budget;
    QGridLayout* m_figures = nullptr;
    std::vector<QVBoxLayout*> m_figureBoxes;
    int m_figureRows = 0;
    QGridLayout* m_badgeGrid = nullptr;
    int m_badgeRows = 0;
    QLabel* m_range = nullptr;      ///< Monte Carlo P50 · P90 under the total
    QLabel* m_daysRange = nullptr;  ///< Monte Carlo P90 days and P(late) under the days
    MonteCarloResult m_uncertainty; ///< percentiles only (samples dropped)
    QLabel* m_problems = nullptr;   ///< impossible layouts, plain text (phase names are user text)
    QLabel* m_badges[kBadgeCount] = {};
    int m_severity[kBadgeCount] = {};
    Scenario m_scenario;
    Estimate m_estimate;
    bool m_hasEstimate = false;
};

} // namespace costlab
