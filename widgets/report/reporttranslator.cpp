#include "reporttranslator.h"

#include <QCoreApplication>
#include <QHash>

namespace costlab {
namespace {

const QHash<QString, QString>& table()
{
    static const QHash<QString, QString> t = {
        {"Costlab budget report", "Costlab 预算报告"},
        {"Date", "日期"},
        {"Author", "作者"},
        {"Project", "项目"},
        {"Currency", "币种"},
        {" (%1 CNY per USD)", "（1 美元 = %1 人民币）"},
        {"Price catalog", "价格目录"},
        {"Catalog date", "目录日期"},
        {"Plan start", "计划开始"},
        {"A planning estimate computed by Costlab from the plan's inputs and the price catalog. Figures are forecasts, not quotes; the risk section and the assumptions table say what they rest on.",
         "本报告由 Costlab 根据计划输入和价格目录计算得出，数字为预测而非报价；风险与假设章节说明其依据。"},
        {"Contents", "目录"},
        {"Executive summary", "执行摘要"},
        {"Cost breakdown", "成本明细"},
        {"Charts", "图表"},
        {"Risks", "风险"},
        {"Assumptions", "假设"},
        {"Methods", "方法"},
        {"Figure", "指标"},
        {"Value", "数值"},
        {"Total cost", "总成本"},
        {"Fixed / elastic", "固定 / 弹性"},
        {"Duration", "时长"},
        {"GPU-hours", "GPU 小时"},
        {"Trained tokens", "训练 token 数"},
        {"%1 B tokens", "%1 B token"},
        {"Cost per million trained tokens", "每百万训练 token 成本"},
        {"%1 %2 per million tokens", "每百万 token %1 %2"},
        {"%1 days (%2 h)", "%1 天（%2 小时）"},
        {"%1 days", "%1 天"},
        {"no budget set", "未设置预算"},
        {"within budget: %1 of %2", "预算内：占 %2 的 %1"},
        {"warning: %1 of %2 (above 90 %)", "警告：占 %2 的 %1（超过 90 %）"},
        {"over budget: %1 of %2", "超出预算：占 %2 的 %1"},
        {"Budget status", "预算状态"},
        {"no alert line set", "未设置每日警戒线"},
        {"never (peak %1 per day, line %2 per day)", "从未超过（峰值每天 %1，警戒线每天 %2）"},
        {"day %1 (%2; peak %3 per day, line %4 per day)", "第 %1 天（%2；峰值每天 %3，警戒线每天 %4）"},
        {"First day over the daily alert line", "首次超过每日警戒线"},
        {"Warnings from the engine", "引擎警告"},
        {"Cost per phase", "各阶段成本"},
        {"Phase", "阶段"},
        {"Phase %1", "阶段 %1"},
        {"Kind", "类型"},
        {"GPUs", "GPU 数"},
        {"Cost", "成本"},
        {"Shared (datasets, engineering, …)", "共享（数据集、工程等）"},
        {"Total", "合计"},
        {"Cost per category", "各类别成本"},
        {"Category", "类别"},
        {"Resource type", "资源类型"},
        {"Share", "占比"},
        {"Largest risks", "最大风险"},
        {"Risk", "风险"},
        {"Probability", "概率"},
        {"Expected cost", "期望成本"},
        {"Expected cost = probability × cost if it happens. Risks are not part of the total; they show what could be added to it.",
         "期望成本 = 概率 × 发生时的成本。风险不计入总成本，只表示可能增加的部分。"},
        {"Every phase by cost category with the attribution tags (project, experiment batch, resource type) and the split into fixed (reserved, committed) and elastic (on-demand, spot) cost. Money in %1.",
         "按成本类别列出每个阶段，附归属标签（项目、实验批次、资源类型），并区分固定（预留、承诺）与弹性（按需、竞价）成本。金额单位：%1。"},
        {"Experiment batch", "实验批次"},
        {"Fixed", "固定"},
        {"Elastic", "弹性"},
        {"%1 subtotal", "%1 小计"},
        {"Shared", "共享"},
        {"Cost breakdown", "成本明细"},
        {"Trade-off: %1", "权衡：%1"},
        {"Memory per GPU", "每 GPU 显存"},
        {"RL utilisation", "RL 利用率"},
        {"Cumulative spend against budget", "累计支出与预算"},
        {"Cost of each phase by category; shared costs (datasets, engineering) in their own bar.", "各阶段按类别的成本；共享成本（数据集、工程）单独成柱。"},
        {"Total cost and risk probabilities against the checkpoint interval; the dashed lines mark the plan's value and the Young/Daly optimum.", "总成本与各风险概率随检查点间隔的变化；虚线标出计划取值与 Young/Daly 最优值。"},
        {"Total cost and risk for each rollout weight format of the first RL phase: lower precision decodes faster but raises the collapse hazard.", "第一个 RL 阶段各 rollout 权重格式下的总成本与风险：精度越低解码越快，但崩溃风险越高。"},
        {"Total cost and risk against the number of parallel environments of the first RL phase.", "总成本与风险随第一个 RL 阶段并行环境数的变化。"},
        {"Estimated peak memory per GPU of each role against the usable HBM.", "各角色每 GPU 估计峰值显存与可用 HBM 的对比。"},
        {"Share of each RL iteration in which rollout GPUs, trainer GPUs and environments do useful work.", "每次 RL 迭代中 rollout GPU、训练 GPU 与环境做有效工作的时间占比。"},
        {"Spend over the plan calendar with the budget line and the daily alert line.", "计划日历上的累计支出，含预算线与每日警戒线。"},
        {"Each risk is a probability and an expected cost (probability × what it costs when it happens), so cost and risk share one axis. Risks are not added to the total.",
         "每项风险用概率和期望成本（概率 × 发生时的成本）表示，使成本与风险在同一尺度上。风险不计入总成本。"},
        {"%1 (%2)", "%1（%2）"},
        {"expected cost %1", "期望成本 %1"},
        {"Out of memory", "显存不足"},
        {"Divergence / collapse", "发散 / 崩溃"},
        {"Failure recovery", "故障恢复"},
        {"Capacity shortfall", "容量不足"},
        {"Budget overrun", "预算超支"},
        {"whole plan", "整个计划"},
        {"Whole plan", "整个计划"},
        {"expected overrun %1", "期望超支 %1"},
        {"No budget is set, so there is no budget risk.", "未设置预算，因此没有预算风险。"},
        {"Every input of the plan with its value, whether it differs from the default, and the source or meaning of the default.", "计划的每个输入：取值、是否偏离默认值，以及默认值的来源或含义。"},
        {"Parameter", "参数"},
        {"Id", "标识"},
        {"Default?", "默认？"},
        {"Source / meaning", "来源 / 含义"},
        {"Phase: %1", "阶段：%1"},
        {"yes", "是"},
        {"no", "否"},
        {"default", "默认"},
        {"changed", "已修改"},
        {"Page %1 of %2", "第 %1 页，共 %2 页"},
        {"Report cancelled.", "报告已取消。"},
        {"Cannot write the report to %1: %2", "无法将报告写入 %1：%2"},
        {"1. Model shape", "1. 模型结构"},
        {"2. Pre-training compute", "2. 预训练计算"},
        {"3. Memory per GPU", "3. 每 GPU 显存"},
        {"4. RL post-training", "4. RL 后训练"},
        {"5. Evaluation", "5. 评测"},
        {"6. Storage, network, logging", "6. 存储、网络与日志"},
        {"7. Engineering", "7. 工程"},
        {"8. Failures and checkpoints", "8. 故障与检查点"},
        {"9. Risks", "9. 风险"},
        {"Sources", "来源"},
    };
    return t;
}

} // namespace

ReportTranslator::ReportTranslator()
{
    QCoreApplication::installTranslator(this);
}

ReportTranslator::~ReportTranslator()
{
    QCoreApplication::removeTranslator(this);
}

QString ReportTranslator::translate(const char* context, const char* sourceText, const char*,
                                    int) const
{
    if (qstrcmp(context, "costlab::ReportWriter") != 0 || !sourceText) return {};
    return table().value(QString::fromUtf8(sourceText));
}

} // namespace costlab
