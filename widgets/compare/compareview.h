// The comparison view: 2–4 plans side by side. Headline figures and risks with
// differences against the first plan (absolute and %, green when cheaper or less risky,
// red when dearer or riskier), cost by category group as grouped bars, the parameters
// that differ, and one parameter swept for every plan. All numbers come from
// model/analysis/compare.h, the same comparison `costlab-cli compare` prints.
#pragma once

#include "catalog.h"
#include "compare.h"
#include "scenario.h"
#include "value.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QSplitter;
class QTabWidget;
class QTableWidget;

namespace costlab {

class CompareBarsChart;
class CompareDistributionChart;
class CompareTradeoffChart;
class ValueChart;
class ValueTornadoChart;
class AnalysisWorker;

class CompareView : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);
    ~CompareView() override;

    /// Compare `scenarios` (2–4, the first is the baseline) priced with `catalog`. With
    /// fewer or more plans the view shows a message instead of tables.
    void setScenarios(const std::vector<Scenario>& scenarios, const Catalog& catalog);
    /// As above, each plan priced with its own catalog (catalogs[i] for scenarios[i], e.g.
    /// from pickCatalog(): a plan whose catalog is missing shows as not priced).
    void setScenarios(const std::vector<Scenario>& scenarios, std::vector<Catalog> catalogs);
    const std::vector<Scenario>& scenarios() const { return m_scenarios; }
    const Comparison& comparison() const { return m_comparison; }

    /// Parameter swept in the shared trade-off chart (full id), "" when none.
    QString sweepParameter() const;
    /// Select the swept parameter; false when not every plan has it (nothing changes).
    bool setSweepParameter(const QString& id);

    /// A headline row's difference as the tables show it: "same" when it would print as
    /// zero, else an arrow (▲ up, ▼ down, so colour is not the only cue), sign and value
    /// in the row's unit (probabilities in percentage points).
    static QString differenceText(const HeadlineRow& row, double diff, Currency currency);

    // Parts, for tests and the main window's export actions.
    QTableWidget* headlineTable() const { return m_headline; }
    QTableWidget* riskTable() const { return m_risks; }
    QTableWidget* parameterTable() const { return m_params; }
    /// True when the shared trade-off is a tab beside the cost charts (a view too low for
    /// both one above the other: 1280×720 at 2× scale), false when it sits below them.
    bool tradeoffInTab() const;
    CompareBarsChart* barsChart() const { return m_bars; }
    CompareTradeoffChart* tradeoffChart() const { return m_tradeoff; }
    CompareDistributionChart* distributionChart() const { return m_distribution; }
    /// "B is cheaper than A in 62 % of 2,000 paired runs…" ("" for one plan).
    QString distributionNote() const;
    /// The line above the tables (rich text): the plans and their tags, or what is missing.
    QString summaryText() const;
    QComboBox* sweepParameterBox() const { return m_sweepBox; }
    /// Route A vs Route B on value (issue 46, item 5): the baseline against the second plan,
    /// computed on a worker; waitForValue() blocks until it is shown (tests, screenshots).
    ValueChart* valueChart() const { return m_valueChart; }
    ValueTornadoChart* valueTornado() const { return m_valueTornado; }
    /// The sentence above the value charts (plain text): the crossing, or why there is none.
    QString valueNote() const;
    /// The value comparison shown (empty grid before the first result), and B's money in A's
    /// currency; for the report's "Route A vs Route B on value" section.
    const ValueComparison& valueComparison() const { return m_valueResult; }
    double valueSecondFactor() const { return m_valueFactor; }
    const std::vector<Catalog>& catalogs() const { return m_catalogs; }
    void waitForValue();
    /// Show the Value tab (screenshots).
    void showValueTab();

signals:
    void sweepParameterChanged(const QString& id);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void rebuild();
    void fillFigureTable(QTableWidget* table, bool risks);
    void fillParameterTable();
    void fillSweepBox();
    void updateSweep();
    QWidget* makeDistributionPage();
    void updateDistribution();
    QWidget* makeValuePage();
    void updateValue();
    void showValue(const ValueComparison& c);

    std::vector<Scenario> m_scenarios;
    std::vector<Catalog> m_catalogs; ///< one per scenario
    std::vector<const Catalog*> catalogPointers() const;
    Comparison m_comparison;
    QLabel* m_summary = nullptr;
    QTableWidget* m_headline = nullptr;
    QTableWidget* m_risks = nullptr;
    QTableWidget* m_params = nullptr;
    QLabel* m_paramsNote = nullptr;
    CompareBarsChart* m_bars = nullptr;
    CompareTradeoffChart* m_tradeoff = nullptr;
    QComboBox* m_sweepBox = nullptr;
    QCheckBox* m_riskBox = nullptr;
    QLabel* m_sweepNote = nullptr;
    CompareDistributionChart* m_distribution = nullptr;
    QComboBox* m_quantityBox = nullptr;
    QLabel* m_distributionNote = nullptr;
    bool m_updating = false;
    bool m_sized = false;
    QSplitter* m_columns = nullptr;
    QSplitter* m_left = nullptr;
    QSplitter* m_right = nullptr;
    QTabWidget* m_chartTabs = nullptr;
    QWidget* m_sweepPane = nullptr;
    ValueChart* m_valueChart = nullptr;
    ValueTornadoChart* m_valueTornado = nullptr;
    QLabel* m_valueNote = nullptr;
    QWidget* m_valuePage = nullptr;
    AnalysisWorker* m_valueWorker = nullptr;
    ValueComparison m_valueResult;
    double m_valueFactor = 1;
};

} // namespace costlab
