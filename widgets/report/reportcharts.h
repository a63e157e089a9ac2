// The report's charts: the editor's chart widgets recorded as QPictures (vector drawing
// commands, text as text) and drawn into the text document as objects. Internal to
// widgets/report.
#pragma once

#include <QObject>
#include <QPicture>
#include <QString>
#include <QTextObjectInterface>

#include <functional>
#include <vector>

class QTextDocument;

namespace costlab {

struct ReportContext;

/// Text object type and properties of a chart in the report's QTextDocument.
inline constexpr int kChartFormat = QTextFormat::UserObject + 51;
inline constexpr int kChartProp = QTextFormat::UserProperty + 1;
inline constexpr int kSizeProp = QTextFormat::UserProperty + 2;
// Charts are laid out at this logical size and scaled onto the page: fonts of ≥ 9 pt at
// 96 dpi come out at ~8 pt on a 180 mm wide body, readable in print.
inline constexpr int kChartW = 860, kChartH = 470;

/// One recorded chart: caption, note under it, index of its picture.
struct ReportChart {
    QString caption, note;
    int picture = -1;
};

/// Draws a recorded chart scaled into the object's rectangle: vector output.
class ChartObject : public QObject, public QTextObjectInterface {
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    QSizeF intrinsicSize(QTextDocument*, int, const QTextFormat& f) override;
    void drawObject(QPainter* p, const QRectF& rect, QTextDocument*, int,
                    const QTextFormat& f) override;
    std::vector<QPicture> pictures;
};

/// Records the report's charts (cost breakdown, trade-offs, memory, RL utilisation, spend)
/// into `handler`, in report order. `step(percent)` reports progress (10–65) and may return
/// false to cancel; then recordCharts returns false.
bool recordCharts(const ReportContext& ctx, ChartObject& handler, std::vector<ReportChart>& charts,
                  const std::function<bool(int)>& step);

} // namespace costlab
