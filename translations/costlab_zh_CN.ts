<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>costlab::Actuals</name>
        <message>
            <location filename="../model/analysis/actuals.cpp" line="+30" />
            <source>GPU time</source>
            <translation>GPU 时间</translation>
        </message>
        <message>
            <location line="+1" />
            <source>CPU instances</source>
            <translation>CPU 实例</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Compute (GPU or CPU)</source>
            <translation>计算（GPU 或 CPU）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Storage</source>
            <translation>存储</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Network</source>
            <translation>网络</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Logging</source>
            <translation>日志</translation>
        </message>
        <message>
            <location line="+1" />
            <source>People</source>
            <translation>人力</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Other</source>
            <translation>其他</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Daily spend above the alert line</source>
            <translation>当日花费超过预警线</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Which resources billed most that day; a diverging run or a job started twice shows as GPU lines above the plan's daily spend.</source>
            <translation>查看当天计费最多的资源；训练发散或任务被重复启动，会表现为高于计划日花费的 GPU 账单行。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Spend above the plan's P90</source>
            <translation>花费高于计划的 P90</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Spend per category against the plan; re-forecast before the budget runs out.</source>
            <translation>按类别对照计划查看花费；在预算耗尽之前重新预测。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Spend below the plan's P10</source>
            <translation>花费低于计划的 P10</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Whether the bill is complete (exports lag a day or two) and whether the run started as planned.</source>
            <translation>账单是否完整（导出通常滞后一两天），以及训练是否按计划启动。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Billing after its phase ended</source>
            <translation>阶段结束后仍在计费</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Whether the resource should have been released: the article's "forgot to shut down" (§4.5).</source>
            <translation>该资源是否本应释放：即文章所说的“测试后忘记关机”（§4.5）。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>GPUs billing while the run made no progress</source>
            <translation>训练没有进展，GPU 仍在计费</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Whether the job hung, crashed or waits for a restart; the log's last lines and the scheduler.</source>
            <translation>任务是否卡住、崩溃或在等待重启；查看日志的最后几行和调度器。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Loss spike or NaN while GPUs bill</source>
            <translation>GPU 计费期间出现 loss 尖峰或 NaN</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Roll back to the last good checkpoint and skip the data batch, or lower the learning rate (PaLM §5.1).</source>
            <translation>回滚到最近一个正常的检查点并跳过该批数据，或降低学习率（PaLM §5.1）。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Step time off the plan by more than 10 %</source>
            <translation>步时偏离计划超过 10 %</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Stragglers, a slow node, data-loader stalls or a changed layout; re-forecast with the observed step time.</source>
            <translation>检查掉队节点、慢节点、数据加载停顿或并行布局的变化；用观测到的步时重新预测。</translation>
        </message>
        <message>
            <location line="+264" />
            <source>attributed</source>
            <translation>已归因</translation>
        </message>
        <message>
            <location line="+2" />
            <source>no project, phase or experiment-batch tag of this plan</source>
            <translation>没有本计划的项目、阶段或实验批次标签</translation>
        </message>
        <message>
            <location line="+3" />
            <source>tagged with another project</source>
            <translation>标签属于另一个项目</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a phase or experiment batch this plan does not have</source>
            <translation>本计划中没有该阶段或实验批次</translation>
        </message>
        <message>
            <location line="+3" />
            <source>a currency the plan cannot convert (only USD and CNY)</source>
            <translation>计划无法换算的币种（仅支持 USD 和 CNY）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>charged before the plan's start date</source>
            <translation>计费时间早于计划开始日期</translation>
        </message>
        <message>
            <location filename="../model/io/billcsv.cpp" line="+27" />
            <source>FOCUS cost and usage export</source>
            <translation>FOCUS 成本与用量导出</translation>
        </message>
        <message>
            <location line="+20" />
            <source>Alibaba Cloud detailed bill</source>
            <translation>阿里云明细账单</translation>
        </message>
        <message>
            <location line="+19" />
            <source>Tencent Cloud bill</source>
            <translation>腾讯云账单</translation>
        </message>
        <message>
            <location line="+23" />
            <source>Huawei Cloud bill details</source>
            <translation>华为云账单明细</translation>
        </message>
        <message>
            <location filename="../model/io/runlog.cpp" line="+444" />
            <source>Megatron-LM training log</source>
            <translation>Megatron-LM 训练日志</translation>
        </message>
        <message>
            <location line="+4" />
            <source>veRL metrics (file logger, JSONL)</source>
            <translation>veRL 指标（文件日志，JSONL）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>veRL console log</source>
            <translation>veRL 控制台日志</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Weights &amp; Biases run history (CSV)</source>
            <translation>Weights &amp; Biases 运行历史（CSV）</translation>
        </message>
    </context>
    <context>
        <name>costlab::ActualsChart</name>
        <message>
            <location filename="../widgets/charts/actualschart.cpp" line="+48" />
            <source>Plan versus actual: cumulative spend</source>
            <translation>计划与实际：累计花费</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Actual (bill)</source>
            <translation>实际（账单）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Plan</source>
            <translation>计划</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Plan P10–P90 (Monte Carlo)</source>
            <translation>计划 P10–P90（蒙特卡洛）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Daily spend (right axis)</source>
            <translation>每日花费（右轴）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Daily alert line</source>
            <translation>每日预警线</translation>
        </message>
        <message>
            <location line="+2" />
            <source>d MMM</source>
            <translation>M月d日</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Add a bill or a training log to compare it with the plan.</source>
            <translation>添加账单或训练日志，与计划对照。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Cumulative spend</source>
            <translation>累计花费</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Spend per day</source>
            <translation>每日花费</translation>
        </message>
    </context>
    <context>
        <name>costlab::ActualsView</name>
        <message>
            <location filename="../widgets/analysis/actualsview.cpp" line="+46" />
            <source>d MMM yyyy HH:mm</source>
            <translation>yyyy年M月d日 HH:mm</translation>
        </message>
        <message>
            <location line="+105" />
            <source>&amp;Add bill or log…</source>
            <translation>添加账单或日志(&amp;A)…</translation>
        </message>
        <message>
            <location line="+2" />
            <source>A cloud bill (FOCUS CSV, Costlab's own line items, Alibaba, Tencent or Huawei Cloud bill exports) or a training log (Megatron-LM, veRL, a W&amp;B run history). Files can also be dropped here.</source>
            <translation>云账单（FOCUS CSV、Costlab 自己导出的费用明细、阿里云、腾讯云或华为云的账单导出）或训练日志（Megatron-LM、veRL、W&amp;B 运行历史）。也可以把文件拖到这里。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>C&amp;lear</source>
            <translation>清空(&amp;L)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Keep in library</source>
            <translation>保存到场景库(&amp;K)</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Keep this comparison beside the plan's saved revision in the library: the moment, the files read, the flags and the re-forecast. The plan itself is not changed.</source>
            <translation>把这次对照保存在场景库中、该计划已保存的版本旁边：对照时刻、读取的文件、异常标记和重新预测。计划本身不会改变。</translation>
        </message>
        <message>
            <location line="+2" />
            <location line="+7" />
            <location line="+189" />
            <source>Flags</source>
            <translation>异常标记</translation>
        </message>
        <message>
            <location line="-195" />
            <source>By phase</source>
            <translation>按阶段</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Not attributed</source>
            <translation>未归因</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+4" />
            <source>Files</source>
            <translation>文件</translation>
        </message>
        <message>
            <location line="-3" />
            <source>Kept in library</source>
            <translation>场景库中的记录</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Kept at</source>
            <translation>保存时间</translation>
        </message>
        <message>
            <location line="+0" />
            <source>As of</source>
            <translation>截至</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Spent</source>
            <translation>已花费</translation>
        </message>
        <message>
            <location line="+0" />
            <location line="+6" />
            <source>Plan to date</source>
            <translation>至今计划</translation>
        </message>
        <message>
            <location line="-5" />
            <source>Re-forecast P50</source>
            <translation>重新预测 P50</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Flag</source>
            <translation>标记</translation>
        </message>
        <message>
            <location line="+0" />
            <location line="+2" />
            <source>Phase</source>
            <translation>阶段</translation>
        </message>
        <message>
            <location line="-2" />
            <source>Since</source>
            <translation>开始于</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Cost so far</source>
            <translation>已造成的花费</translation>
        </message>
        <message>
            <location line="+0" />
            <source>What to check</source>
            <translation>检查什么</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Spend to date</source>
            <translation>至今花费</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Steps done / planned</source>
            <translation>已完成 / 计划步数</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Step time (s)</source>
            <translation>步时（秒）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Restarts</source>
            <translation>重启</translation>
        </message>
        <message>
            <location line="+3" />
            <source>File, row</source>
            <translation>文件，行</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Lines</source>
            <translation>行数</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Cost</source>
            <translation>费用</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Why</source>
            <translation>原因</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Resource</source>
            <translation>资源</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Tags</source>
            <translation>标签</translation>
        </message>
        <message>
            <location line="+2" />
            <source>File</source>
            <translation>文件</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Read as</source>
            <translation>识别为</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Lines or records</source>
            <translation>行数或记录数</translation>
        </message>
        <message>
            <location line="+59" />
            <source>Add bills or training logs</source>
            <translation>添加账单或训练日志</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Bills and logs (*.csv *.log *.txt *.jsonl *.json);;All files (*)</source>
            <translation>账单和日志 (*.csv *.log *.txt *.jsonl *.json);;所有文件 (*)</translation>
        </message>
        <message numerus="yes">
            <location line="+28" />
            <source>Reading %n file(s)…</source>
            <translation>
                <numerusform>正在读取 %n 个文件…</numerusform>
            </translation>
        </message>
        <message>
            <location line="+1" />
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <location line="+29" />
            <source>Some files were not added</source>
            <translation>部分文件未添加</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Nothing of these files was added:
%1</source>
            <translation>以下文件的内容均未添加：
%1</translation>
        </message>
        <message>
            <location line="+58" />
            <source>Flags (%1)</source>
            <translation>异常标记（%1）</translation>
        </message>
        <message numerus="yes">
            <location line="+2" />
            <source>Plan versus actual: %n flag(s)</source>
            <translation>
                <numerusform>计划与实际：%n 个异常标记</numerusform>
            </translation>
        </message>
        <message>
            <location line="+13" />
            <source>No bill or log yet. Add the cloud bill (tagged by project, experiment batch and resource type) and the training log to see the run against its plan.</source>
            <translation>还没有账单或日志。添加云账单（按项目、实验批次和资源类型打标签）和训练日志，即可对照计划查看这次训练。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>The plan cannot be compared: %1</source>
            <translation>无法与计划对照：%1</translation>
        </message>
        <message>
            <location line="+4" />
            <source>As of %1: spent %2 against %3 planned%4; the plan's P10–P90 by now %5 – %6.</source>
            <translation>截至 %1：已花费 %2，计划为 %3%4；计划此时的 P10–P90 为 %5 – %6。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Re-forecast total P10 / P50 / P90: %1 / %2 / %3 (plan %4 / %5 / %6); finish on day %7 (plan day %8).</source>
            <translation>重新预测的总成本 P10 / P50 / P90：%1 / %2 / %3（计划 %4 / %5 / %6）；第 %7 天完成（计划第 %8 天）。</translation>
        </message>
        <message numerus="yes">
            <location line="+8" />
            <source>Not attributed: %1 in %n line(s), listed under Not attributed.</source>
            <translation>
                <numerusform>未归因：%n 行共 %1，列在“未归因”中。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+21" />
            <source>the plan</source>
            <translation>整个计划</translation>
        </message>
        <message>
            <location line="+4" />
            <source>step %1</source>
            <translation>第 %1 步</translation>
        </message>
        <message>
            <location line="+25" />
            <source>no log</source>
            <translation>无日志</translation>
        </message>
        <message>
            <location line="+5" />
            <source>%1 observed, %2 planned</source>
            <translation>观测 %1，计划 %2</translation>
        </message>
        <message>
            <location line="+7" />
            <source>%1 seen, %2 expected</source>
            <translation>出现 %1 次，预期 %2 次</translation>
        </message>
    </context>
    <context>
        <name>costlab::CatalogEditorDialog</name>
        <message>
            <location filename="../widgets/library/catalogeditordialog.cpp" line="+83" />
            <source>undated</source>
            <comment>a catalog date that was never recorded</comment>
            <translation>无日期</translation>
        </message>
        <message>
            <location line="+30" />
            <source>Price catalogs</source>
            <translation>价目表</translation>
        </message>
        <message>
            <location line="+9" />
            <source>&amp;Catalogs:</source>
            <translation>价目表(&amp;C)：</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Catalogs in the library</source>
            <translation>场景库中的价目表</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Copy as &amp;new…</source>
            <translation>复制为新价目表(&amp;N)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Make an editable copy of the selected catalog</source>
            <translation>为所选价目表创建一个可编辑的副本</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Rena&amp;me…</source>
            <translation>重命名(&amp;M)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Rename the selected catalog (shipped catalogs can't be renamed)</source>
            <translation>重命名所选价目表（随程序提供的价目表不能重命名）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Delete…</source>
            <translation>删除(&amp;D)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Delete the selected catalog (shipped catalogs can't be deleted)</source>
            <translation>删除所选价目表（随程序提供的价目表不能删除）</translation>
        </message>
        <message>
            <location line="+25" />
            <location line="+104" />
            <location line="+30" />
            <location line="+10" />
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <location line="-143" />
            <source>Compiled on (date)</source>
            <translation>编制日期</translation>
        </message>
        <message>
            <location line="+2" />
            <source>US dollar (USD)</source>
            <translation>美元（USD）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Chinese yuan (CNY)</source>
            <translation>人民币（CNY）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Currency of the prices</source>
            <translation>价格所用货币</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Currency:</source>
            <translation>货币：</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Exchange rate (CNY per USD)</source>
            <translation>汇率（人民币/美元）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Exchange rate source</source>
            <translation>汇率来源</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Exchange rate date</source>
            <translation>汇率日期</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Problem with the current cell</source>
            <translation>当前单元格的问题</translation>
        </message>
        <message>
            <location line="+5" />
            <source>All problems in this catalog</source>
            <translation>此价目表中的全部问题</translation>
        </message>
        <message>
            <location line="+12" />
            <source>&amp;Save</source>
            <translation>保存(&amp;S)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Revert</source>
            <translation>还原(&amp;R)</translation>
        </message>
        <message>
            <location line="+64" />
            <location line="+30" />
            <location line="+10" />
            <source>Id</source>
            <translation>Id</translation>
        </message>
        <message>
            <location line="-38" />
            <location line="+31" />
            <source>Memory (GiB)</source>
            <translation>显存（GiB）</translation>
        </message>
        <message>
            <location line="-30" />
            <source>Memory bandwidth (GB/s)</source>
            <translation>显存带宽（GB/s）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>BF16 dense (TFLOP/s)</source>
            <translation>BF16 稠密算力（TFLOP/s）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>FP8 dense (TFLOP/s, 0 = none)</source>
            <translation>FP8 稠密算力（TFLOP/s，0 = 不支持）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>INT8 dense (TOPS, 0 = none)</source>
            <translation>INT8 稠密算力（TOPS，0 = 不支持）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Scale-up link (GB/s)</source>
            <translation>Scale-up 互联带宽（GB/s）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPUs per node (count)</source>
            <translation>每节点 GPU 数（个）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>TDP (W)</source>
            <translation>TDP (W)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Fallback MFU (fraction 0–1)</source>
            <translation>备用 MFU（比例 0–1）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>SMs (count, 0 = model default)</source>
            <translation>SM 数（个，0 = 模型默认）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Sustained GEMM rate (fraction of peak)</source>
            <translation>持续 GEMM 速率（峰值比例）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>FlashAttention rate (fraction of peak)</source>
            <translation>FlashAttention 速率（峰值比例）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Tensor FLOP per SM per clock (0 = A100's 2,048)</source>
            <translation>每 SM 每时钟周期张量 FLOP（0 = A100 的 2,048）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>NVLink domain (GPUs, 0 = per node)</source>
            <translation>NVLink 域（GPU 数，0 = 每节点）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Scale-out per GPU (Gb/s, empty = no source)</source>
            <translation>每 GPU 横向扩展带宽（Gb/s，留空 = 无来源）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Host RAM per node (GiB, empty = no source)</source>
            <translation>每节点主机内存（GiB，留空 = 无来源）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPU–host link (GB/s per direction, empty = no source)</source>
            <translation>GPU–主机链路（每方向 GB/s，留空 = 无来源）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Reserved (%1/GPU·h)</source>
            <translation>预留（%1/GPU 小时）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>On demand (%1/GPU·h)</source>
            <translation>按需（%1/GPU 小时）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Spot (%1/GPU·h)</source>
            <translation>竞价（%1/GPU 小时）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Hardware source</source>
            <translation>硬件数据来源</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Hardware source date</source>
            <translation>硬件数据日期</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Price source</source>
            <translation>价格来源</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Price date</source>
            <translation>价格日期</translation>
        </message>
        <message>
            <location line="+5" />
            <source>vCPUs (count)</source>
            <translation>vCPU（个）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>GPUs (count, 0 = CPU instance)</source>
            <translation>GPU（个数，0 = CPU 实例）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Price (%1/instance·h)</source>
            <translation>价格（%1/实例·小时）</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+8" />
            <location line="+8" />
            <location line="+6" />
            <source>Source</source>
            <translation>来源</translation>
        </message>
        <message>
            <location line="-21" />
            <location line="+8" />
            <location line="+8" />
            <location line="+6" />
            <source>Source date</source>
            <translation>来源日期</translation>
        </message>
        <message>
            <location line="-17" />
            <source>Price (%1/GB·month)</source>
            <translation>价格（%1/GB·月）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Write bandwidth (GB/s)</source>
            <translation>写入带宽（GB/s）</translation>
        </message>
        <message>
            <location line="+5" />
            <source>In-region / cross-zone (%1/GB)</source>
            <translation>同区域/跨可用区（%1/GB）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Internet egress (%1/GB)</source>
            <translation>公网出流量（%1/GB）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Load balancer / queue (%1/million requests)</source>
            <translation>负载均衡/队列（%1/百万次请求）</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Ingestion (%1/GB)</source>
            <translation>日志写入（%1/GB）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Retention (%1/GB·month)</source>
            <translation>日志保留（%1/GB·月）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>&amp;Accelerators</source>
            <translation>加速卡(&amp;A)</translation>
        </message>
        <message>
            <location line="+0" />
            <source>&amp;Instance types</source>
            <translation>实例类型(&amp;I)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>S&amp;torage tiers</source>
            <translation>存储层级(&amp;T)</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Tra&amp;ffic</source>
            <translation>流量(&amp;F)</translation>
        </message>
        <message>
            <location line="+0" />
            <source>&amp;Logs</source>
            <translation>日志(&amp;L)</translation>
        </message>
        <message>
            <location line="+36" />
            <source>No library is open.</source>
            <translation>未打开任何场景库。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>(read-only)</source>
            <translation>（只读）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Id: %1</source>
            <translation>Id：%1</translation>
        </message>
        <message>
            <location line="+46" />
            <source>The library is read-only: catalogs can be viewed but not changed.</source>
            <translation>场景库为只读：价目表只能查看，不能修改。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>The shipped default catalog is read-only. Use “Copy as new…” to make an editable copy.</source>
            <translation>随程序提供的默认价目表为只读。请使用“复制为新价目表…”创建可编辑的副本。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Editable catalog “%1”. Every cell is checked as you type; Save stores it in the library.</source>
            <translation>可编辑价目表“%1”。每个单元格在输入时即校验；点击保存将其存入场景库中。</translation>
        </message>
        <message>
            <location line="+69" />
            <source>Object storage, standard</source>
            <translation>对象存储（标准）</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Object storage, infrequent access</source>
            <translation>对象存储（低频访问）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Object storage, archive</source>
            <translation>对象存储（归档）</translation>
        </message>
        <message>
            <location line="+0" />
            <source>File storage, high IOPS</source>
            <translation>文件存储（高 IOPS）</translation>
        </message>
        <message>
            <location line="+23" />
            <location line="+195" />
            <source>Empty = not offered</source>
            <translation>留空 = 不提供</translation>
        </message>
        <message>
            <location line="-88" />
            <source>%1 %2</source>
            <comment>a catalog column's header, then the value it had before the edit</comment>
            <translation>%1 %2</translation>
        </message>
        <message>
            <location line="+1" />
            <source>not offered</source>
            <translation>未提供</translation>
        </message>
        <message>
            <location line="+18" />
            <source>a user</source>
            <translation>某用户</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Edited by %1 on %2; was %3 from %4</source>
            <translation>由 %1 于 %2 修改；原为 %3，来源：%4</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Edited by %1 on %2; was %3 from %4 (%5)</source>
            <translation>由 %1 于 %2 修改；原为 %3，来源：%4（%5）</translation>
        </message>
        <message numerus="yes">
            <location line="+111" />
            <source>Fix the %n problem(s) listed below first.</source>
            <translation>
                <numerusform>请先修正下方列出的 %n 个问题。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+2" />
            <source>Store this catalog in the library</source>
            <translation>将此价目表保存到场景库中</translation>
        </message>
        <message>
            <location line="+11" />
            <location line="+52" />
            <location line="+40" />
            <source>This catalog is read-only.</source>
            <translation>此价目表为只读。</translation>
        </message>
        <message numerus="yes">
            <location line="-87" />
            <source>The catalog has %n problem(s); nothing was saved.</source>
            <translation>
                <numerusform>价目表有 %n 个问题，未保存任何内容。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+6" />
            <source>Not saved: %1</source>
            <translation>未保存：%1</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Saved. The library's totals of the plans priced with this catalog were recomputed, and an open plan that uses it is repriced.</source>
            <translation>已保存。场景库中使用此价目表定价的方案总额已重新计算，使用它的已打开方案也已重新定价。</translation>
        </message>
        <message>
            <location line="+10" />
            <location line="+20" />
            <source>A catalog name can't be empty.</source>
            <translation>价目表名称不能为空。</translation>
        </message>
        <message>
            <location line="+56" />
            <location line="+5" />
            <source>Rename catalog</source>
            <translation>重命名价目表</translation>
        </message>
        <message>
            <location line="-4" />
            <source>New name:</source>
            <translation>新名称：</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Delete the catalog “%1”? This can't be undone.</source>
            <translation>删除价目表“%1”？此操作无法撤销。</translation>
        </message>
        <message numerus="yes">
            <location line="+2" />
            <source>%n plan(s) in the library are priced with it; they will not be priced until they name another catalog.</source>
            <translation>
                <numerusform>场景库中有 %n 个计划用它计价；在改用其他价目表之前，这些计划将无法计价。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+3" />
            <location line="+11" />
            <source>Delete catalog</source>
            <translation>删除价目表</translation>
        </message>
        <message>
            <location line="-7" />
            <source>&amp;Delete catalog</source>
            <translation>删除价目表(&amp;D)</translation>
        </message>
        <message>
            <location line="+18" />
            <location line="+6" />
            <source>Copy catalog</source>
            <translation>复制价目表</translation>
        </message>
        <message>
            <location line="-5" />
            <source>Name of the new catalog:</source>
            <translation>新价目表名称：</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1 (my prices)</source>
            <translation>%1（我的价格）</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Unsaved changes</source>
            <translation>未保存的修改</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Discard the changes to this catalog?</source>
            <translation>放弃对此价目表的修改吗？</translation>
        </message>
    </context>
    <context>
        <name>costlab::Category</name>
        <message>
            <location filename="../model/engine/categories.cpp" line="+17" />
            <source>Training compute</source>
            <translation>训练算力</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPU time of forward and backward passes and optimizer steps.</source>
            <translation>前向、反向传播与优化器步骤占用的 GPU 时间。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Rollout inference</source>
            <translation>Rollout 推理</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPU time generating RL rollouts (prefill and decode).</source>
            <translation>生成 RL rollout（预填充与解码）占用的 GPU 时间。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Reward model inference</source>
            <translation>奖励模型推理</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPU time scoring rollouts with a reward model.</source>
            <translation>用奖励模型为 rollout 打分占用的 GPU 时间。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Environment workers</source>
            <translation>环境 worker</translation>
        </message>
        <message>
            <location line="+1" />
            <source>CPU instances that run RL environments, sandboxes and verifiers.</source>
            <translation>运行 RL 环境、沙箱与验证器的 CPU 实例。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Evaluation inference</source>
            <translation>评测推理</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPU time of evaluation campaigns.</source>
            <translation>评测活动占用的 GPU 时间。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Datasets</source>
            <translation>数据集</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Raw and cleaned corpora and post-training data.</source>
            <translation>原始与清洗后的语料以及后训练数据。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Checkpoints</source>
            <translation>检查点</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Model and optimizer snapshots kept for recovery and release.</source>
            <translation>为恢复与发布保留的模型和优化器快照。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Trajectories and replay</source>
            <translation>轨迹与回放</translation>
        </message>
        <message>
            <location line="+1" />
            <source>RL trajectories and replay buffers.</source>
            <translation>RL 轨迹与回放缓冲区。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Log retention</source>
            <translation>日志留存</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Training and environment logs kept after ingestion.</source>
            <translation>采集后保留的训练与环境日志。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Cluster interconnect</source>
            <translation>集群互联</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Scale-out fabric charged per GPU-hour where the provider bills it.</source>
            <translation>按 GPU 小时计费的横向扩展网络（若云厂商单独收费）。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Environment traffic</source>
            <translation>环境流量</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Requests and responses between rollouts and environments.</source>
            <translation>rollout 与环境之间的请求和响应。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Egress</source>
            <translation>出网流量</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Data leaving the cloud region.</source>
            <translation>流出云区域的数据。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Log ingestion</source>
            <translation>日志采集</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Metrics and logs sent to the logging service (FOCUS books observability here).</source>
            <translation>发送到日志服务的指标与日志（FOCUS 将可观测性计入此类）。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Failures and restarts</source>
            <translation>故障与重启</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPU time lost to hardware failures: lost work, restarts and checkpoint stalls.</source>
            <translation>硬件故障损失的 GPU 时间：丢失的工作、重启与检查点停顿。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Divergence and collapse</source>
            <translation>发散与崩溃</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPU time re-run after loss spikes or RL collapse rolled back to a checkpoint, and the expected work lost by a run that cannot be saved.</source>
            <translation>损失尖峰或 RL 崩溃回滚到检查点后重跑的 GPU 时间，以及无法挽救的运行预期损失的工作量。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Rollout mismatch: extra iterations</source>
            <translation>Rollout 失配：额外迭代</translation>
        </message>
        <message>
            <location line="+2" />
            <source>GPU time of the extra RL iterations a quantized rollout engine needs, because its sampler and the trainer disagree on token probabilities.</source>
            <translation>量化 rollout 引擎因采样器与训练端的 token 概率不一致而需要的额外 RL 迭代所占用的 GPU 时间。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Idle resources</source>
            <translation>闲置资源</translation>
        </message>
        <message>
            <location line="+2" />
            <source>GPU pools and environment workers paid for while they wait on each other.</source>
            <translation>互相等待期间仍在计费的 GPU 池与环境 worker。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Capacity waits</source>
            <translation>容量等待</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Reserved GPUs waiting while elastic capacity is unavailable.</source>
            <translation>弹性容量不可用时空等的预留 GPU。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Forgotten resources</source>
            <translation>遗忘的资源</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Instances left running after the work that needed them ended.</source>
            <translation>任务结束后仍在运行的实例。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Engineering</source>
            <translation>工程投入</translation>
        </message>
        <message>
            <location line="+1" />
            <source>People building and maintaining environments (paid up front, not cloud spend).</source>
            <translation>构建与维护环境的人力（预先支付，不属于云支出）。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Compute</source>
            <translation>算力</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Storage</source>
            <translation>存储</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Network</source>
            <translation>网络</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Logging</source>
            <translation>日志</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Hidden costs</source>
            <translation>隐性成本</translation>
        </message>
    </context>
    <context>
        <name>costlab::ChartBase</name>
        <message>
            <location filename="../widgets/charts/chartbase.cpp" line="+579" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location line="+26" />
            <source>&lt;%1</source>
            <translation>&lt;%1</translation>
        </message>
        <message>
            <location line="+3" />
            <source>&gt;%1</source>
            <translation>&gt;%1</translation>
        </message>
        <message>
            <location line="+358" />
            <source>Cannot export to %1: unknown format "%2"; use .png, .pdf or .svg.</source>
            <translation>无法导出到 %1：未知格式“%2”，请使用 .png、.pdf 或 .svg。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <location line="+17" />
            <source>Chart exported by Costlab</source>
            <translation>由 Costlab 导出的图表</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Could not write the chart to %1.</source>
            <translation>无法将图表写入 %1。</translation>
        </message>
        <message>
            <location line="+24" />
            <source>Copy image</source>
            <translation>复制图片</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Export as PNG…</source>
            <translation>导出为 PNG…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>PNG image (*.png)</source>
            <translation>PNG 图像 (*.png)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Export as PDF…</source>
            <translation>导出为 PDF…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>PDF document (*.pdf)</source>
            <translation>PDF 文档 (*.pdf)</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Export as SVG…</source>
            <translation>导出为 SVG…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>SVG image (*.svg)</source>
            <translation>SVG 图像 (*.svg)</translation>
        </message>
        <message>
            <location line="+8" />
            <location line="+8" />
            <source>Export chart</source>
            <translation>导出图表</translation>
        </message>
    </context>
    <context>
        <name>costlab::CollapsibleSection</name>
        <message>
            <location filename="../widgets/editor/collapsiblesection.cpp" line="+47" />
            <source>Shows or hides the parameters of this group</source>
            <translation>显示或隐藏本组参数</translation>
        </message>
    </context>
    <context>
        <name>costlab::CompareBarsChart</name>
        <message>
            <location filename="../widgets/compare/comparecharts.cpp" line="+38" />
            <source>Cost by category group</source>
            <translation>按类别组汇总的成本</translation>
        </message>
        <message>
            <location line="+11" />
            <location line="+121" />
            <source>Cost</source>
            <translation>成本</translation>
        </message>
        <message>
            <location line="-8" />
            <source>%1 %2: %3</source>
            <comment>tag, plan name, money</comment>
            <translation>%1 %2：%3</translation>
        </message>
    </context>
    <context>
        <name>costlab::CompareDialog</name>
        <message>
            <location filename="../widgets/compare/comparedialog.cpp" line="+40" />
            <location line="+137" />
            <source>not a valid scenario</source>
            <translation>不是有效的场景</translation>
        </message>
        <message>
            <location line="-136" />
            <source>%1 was not added:
%2</source>
            <translation>未添加 %1：
%2</translation>
        </message>
        <message>
            <location line="+15" />
            <location line="+1" />
            <source>Compare scenarios</source>
            <translation>比较场景</translation>
        </message>
        <message>
            <location line="+5" />
            <source>&amp;Add scenario…</source>
            <translation>添加场景(&amp;A)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Add scenario</source>
            <translation>添加场景</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Add a plan from a .costlab.json file (at most 4)</source>
            <translation>从 .costlab.json 文件添加一个计划（最多 4 个）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Add from &amp;library</source>
            <translation>从场景库添加(&amp;L)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Add scenario from the library</source>
            <translation>从场景库添加方案</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Add a plan stored in the library (its current revision)</source>
            <translation>添加场景库中保存的方案（其当前版本）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>&amp;Remove</source>
            <translation>移除(&amp;R)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Remove scenario</source>
            <translation>移除场景</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Remove one plan from the comparison (at least 2 stay)</source>
            <translation>从比较中移除一个计划（至少保留 2 个）</translation>
        </message>
        <message>
            <location line="+6" />
            <source>&amp;Export report with value…</source>
            <translation>导出含价值比较的报告(&amp;E)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Export the baseline's report with the value comparison</source>
            <translation>导出基准计划含价值比较的报告</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Write the PDF budget report of plan A with the section “Route A vs Route B on value” (the Value tab's comparison with B)</source>
            <translation>写出计划 A 的 PDF 预算报告，并附“路线 A 与路线 B 的价值比较”一节（即“价值”标签页中与 B 的比较）</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Error</source>
            <translation>错误</translation>
        </message>
        <message>
            <location line="+31" />
            <location line="+21" />
            <location line="+10" />
            <source>Export report with value</source>
            <translation>导出含价值比较的报告</translation>
        </message>
        <message>
            <location line="-30" />
            <source>The value comparison has no result: %1</source>
            <translation>价值比较没有结果：%1</translation>
        </message>
        <message>
            <location line="+1" />
            <source>it did not run</source>
            <translation>尚未运行</translation>
        </message>
        <message>
            <location line="+23" />
            <source>PDF documents (*.pdf)</source>
            <translation>PDF 文档 (*.pdf)</translation>
        </message>
        <message>
            <location line="+29" />
            <source>A comparison holds at most %1 plans; remove one first.</source>
            <translation>一次比较最多包含 %1 个计划；请先移除一个。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>“%1” is already in the comparison.</source>
            <translation>“%1”已在比较中。</translation>
        </message>
        <message>
            <location line="+38" />
            <source>The library has no plans</source>
            <translation>场景库中没有方案</translation>
        </message>
        <message>
            <location line="+37" />
            <source>Add scenario to the comparison</source>
            <translation>将场景添加到比较</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Costlab scenarios (*.costlab.json);;JSON files (*.json);;All files (*)</source>
            <translation>Costlab 场景 (*.costlab.json);;JSON 文件 (*.json);;所有文件 (*)</translation>
        </message>
        <message>
            <location line="+15" />
            <source>%1: %2</source>
            <comment>plan tag: name</comment>
            <translation>%1：%2</translation>
        </message>
        <message>
            <location line="+15" />
            <location line="+7" />
            <source>Route A vs Route B</source>
            <translation>路线 A 对比路线 B</translation>
        </message>
    </context>
    <context>
        <name>costlab::CompareDistributionChart</name>
        <message>
            <location filename="../widgets/compare/comparecharts.cpp" line="+261" />
            <source>Monte Carlo distributions (runs paired on one seed)</source>
            <translation>蒙特卡洛分布（同一随机种子配对运行）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Share of runs at or below (0–1)</source>
            <translation>不高于该值的运行占比（0–1）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Total cost</source>
            <translation>总成本</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Duration (days)</source>
            <translation>工期（天）</translation>
        </message>
        <message>
            <location line="+53" />
            <source>No Monte Carlo result yet.</source>
            <translation>尚无蒙特卡洛结果。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>No distributions: %1</source>
            <translation>无分布：%1</translation>
        </message>
        <message>
            <location line="+22" />
            <source>%1 %2</source>
            <comment>tag, plan name</comment>
            <translation>%1 %2</translation>
        </message>
        <message>
            <location line="+26" />
            <source>%1 days</source>
            <translation>%1 天</translation>
        </message>
        <message>
            <location line="+9" />
            <source>%1 %2: %3 of runs at or below; P50 %4, P90 %5</source>
            <comment>tag, plan, share, P50, P90</comment>
            <translation>%1 %2：%3 的运行不高于此值；P50 %4，P90 %5</translation>
        </message>
    </context>
    <context>
        <name>costlab::CompareTradeoffChart</name>
        <message>
            <location line="-357" />
            <source>Shared trade-off</source>
            <translation>共同权衡图</translation>
        </message>
        <message>
            <location line="+86" />
            <source>%1 %2: %3</source>
            <comment>tag, plan name, reason</comment>
            <translation>%1 %2：%3</translation>
        </message>
        <message>
            <location line="+21" />
            <source>%1: total cost</source>
            <comment>plan tag</comment>
            <translation>%1：总成本</translation>
        </message>
        <message>
            <location line="+11" />
            <source>%1: expected cost of risk</source>
            <comment>plan tag</comment>
            <translation>%1：风险期望成本</translation>
        </message>
        <message>
            <location line="+49" />
            <source>%1 (%2)</source>
            <comment>axis title (unit)</comment>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+44" />
            <source>Total cost</source>
            <translation>总成本</translation>
        </message>
        <message>
            <location line="-32" />
            <source>Choose a parameter to sweep</source>
            <translation>选择要扫描的参数</translation>
        </message>
        <message>
            <location line="+2" />
            <source>No plan has this parameter</source>
            <translation>没有计划包含此参数</translation>
        </message>
        <message>
            <location line="+19" />
            <source>%1 %2: %3 at %4</source>
            <comment>tag, plan, money, x</comment>
            <translation>%1 %2：%3（取值 %4）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>not priced</source>
            <translation>未定价</translation>
        </message>
    </context>
    <context>
        <name>costlab::CompareView</name>
        <message>
            <location filename="../widgets/compare/compareview.cpp" line="+46" />
            <source>%1: expected cost</source>
            <comment>risk</comment>
            <translation>%1：期望成本</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1: probability</source>
            <comment>risk</comment>
            <translation>%1：概率</translation>
        </message>
        <message>
            <location line="+15" />
            <source>billion</source>
            <translation>十亿</translation>
        </message>
        <message>
            <location line="+2" />
            <source>million</source>
            <translation>百万</translation>
        </message>
        <message>
            <location line="+11" />
            <location line="+580" />
            <source>same</source>
            <translation>相同</translation>
        </message>
        <message>
            <location line="-573" />
            <source>%1 pp</source>
            <comment>percentage points</comment>
            <translation>%1 个百分点</translation>
        </message>
        <message>
            <location line="+9" />
            <location line="+550" />
            <location line="+11" />
            <source>n/a</source>
            <translation>不适用</translation>
        </message>
        <message>
            <location line="-559" />
            <source>0 %</source>
            <translation>0 %</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 %</source>
            <comment>percent</comment>
            <translation>%1 %</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Not comparable: %1 is per million %2, %3 per million %4. A cost per million tokens of another kind is neither cheaper nor dearer.</source>
            <comment>plan tag, kind of tokens, baseline tag, kind of tokens</comment>
            <translation>不可比较：%1 按每百万%2计，%3 按每百万%4计。不同种类 token 的每百万 token 成本无所谓更便宜或更贵。</translation>
        </message>
        <message>
            <location line="+42" />
            <source>%1 · %2</source>
            <comment>parameter label · phase</comment>
            <translation>%1 · %2</translation>
        </message>
        <message>
            <location line="+15" />
            <source>yes</source>
            <translation>是</translation>
        </message>
        <message>
            <location line="+0" />
            <source>no</source>
            <translation>否</translation>
        </message>
        <message>
            <location line="+16" />
            <source>Scenario comparison</source>
            <translation>场景比较</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Compared plans</source>
            <translation>参与比较的计划</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Headline figures</source>
            <translation>关键指标</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+13" />
            <source>Risks</source>
            <translation>风险</translation>
        </message>
        <message>
            <location line="-12" />
            <location line="+13" />
            <source>Parameters that differ</source>
            <translation>不同的参数</translation>
        </message>
        <message>
            <location line="-2" />
            <source>Risks and parameters</source>
            <translation>风险与参数</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Cost by category group, one bar per plan</source>
            <translation>按类别组汇总的成本，每个计划一根柱</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Shared trade-off chart</source>
            <translation>共同权衡图</translation>
        </message>
        <message>
            <location line="+7" />
            <source>&amp;Sweep:</source>
            <translation>扫描(&amp;S)：</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Swept parameter</source>
            <translation>扫描参数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Parameter varied for every plan (only parameters all plans have)</source>
            <translation>对每个计划改变取值的参数（仅限所有计划都有的参数）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Show expected cost of &amp;risk</source>
            <translation>显示风险期望成本(&amp;R)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Show expected cost of risk</source>
            <translation>显示风险期望成本</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Cost charts</source>
            <translation>成本图表</translation>
        </message>
        <message>
            <location line="+1" />
            <source>By category</source>
            <translation>按类别</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Distribution</source>
            <translation>分布</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Value</source>
            <translation>价值</translation>
        </message>
        <message>
            <location line="+38" />
            <source>Cost to reach a benchmark score, plans A and B</source>
            <translation>计划 A 与 B 达到某一基准得分的成本</translation>
        </message>
        <message>
            <location line="+2" />
            <source>What moves the score at which A and B cost the same</source>
            <translation>哪些假设会移动 A 与 B 成本相等的得分</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Add a second plan to compare the two routes on value: what each costs to reach the same benchmark score.</source>
            <translation>再添加一个计划，即可按价值比较两条路线：各自达到同一基准得分要花多少钱。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Computing the cost of each plan at every score…</source>
            <translation>正在计算每个计划在各个得分下的成本…</translation>
        </message>
        <message>
            <location line="+36" />
            <source>%1 (%2) cannot be evaluated: open it to see why.</source>
            <translation>%1（%2）无法估算：打开它查看原因。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 (%2) has no score to reach: it has no RL phase, and no pre-training phase with a score map (Target → Score map), which reads its loss as a benchmark score.</source>
            <translation>%1（%2）没有可达到的得分：它既没有 RL 阶段，也没有带得分映射（目标 → 得分映射）的预训练阶段；得分映射把损失读作基准得分。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Below a score of %1, %2 is the cheaper route; above it, %3.</source>
            <translation>得分低于 %1 时，%2 是更便宜的路线；高于它时是 %3。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>The two routes do not cost the same at any score on this range.</source>
            <translation>在此得分范围内，两条路线的成本在任何得分上都不相等。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Lines: each plan sized to reach the score (RL by its target score, pre-training by the loss its score map reads as that score); bands: P10–P90 of the Monte Carlo, with the laws' uncertainty.</source>
            <translation>曲线：每个计划按达到该得分来确定规模（RL 按目标得分，预训练按得分映射对应的损失）；色带：蒙特卡洛的 P10–P90，含定律的不确定性。</translation>
        </message>
        <message>
            <location line="+26" />
            <source>S&amp;how:</source>
            <translation>显示(&amp;H)：</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Quantity shown</source>
            <translation>显示的量</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Total cost</source>
            <translation>总成本</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Duration</source>
            <translation>工期</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Monte Carlo distributions of the compared plans</source>
            <translation>所比较方案的蒙特卡洛分布</translation>
        </message>
        <message>
            <location line="+35" />
            <source>%1 is faster than %2 in %3 of %4 paired runs; their costs are not compared, as one of them is not priced.</source>
            <translation>在 %4 次配对运行中，%1 有 %3 比 %2 更快；两者之一未定价，因此不比较成本。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>%1 is cheaper than %2 in %3 of %4 paired runs and faster in %5.</source>
            <translation>在 %4 次配对运行中，%1 比 %2 更便宜的占 %3，更快的占 %5。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Dots mark each plan's P50 and P90; the runs share their random draws, so where the curves part is the plans' difference, not noise.</source>
            <translation>圆点标出各方案的 P50 与 P90；各次运行共用同一组随机抽样，因此曲线分开之处是方案本身的差异，而非噪声。</translation>
        </message>
        <message>
            <location line="+23" />
            <source>Shared trade-off</source>
            <translation>共同权衡图</translation>
        </message>
        <message>
            <location line="+72" />
            <source>“%1” is the baseline (A). Add one to three more plans to compare it with.</source>
            <translation>“%1”是基准（A）。再添加一到三个计划即可与它比较。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Add 2 to 4 plans to compare them.</source>
            <translation>添加 2 到 4 个计划进行比较。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>(baseline)</source>
            <translation>（基准）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>(not priced: open it to see why)</source>
            <translation>（未定价：打开它查看原因）</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Differences are against the baseline; green is cheaper or less risky, red is dearer or riskier. Money in %1.</source>
            <translation>差异均相对于基准计划；绿色表示更便宜或风险更低，红色表示更贵或风险更高。金额单位：%1。</translation>
        </message>
        <message>
            <location line="+18" />
            <source>Risk</source>
            <translation>风险</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Figure</source>
            <translation>指标</translation>
        </message>
        <message>
            <location line="+4" />
            <source>%1 − %2</source>
            <comment>difference of plan tags</comment>
            <translation>%1 − %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 vs %2</source>
            <comment>relative difference of plan tags</comment>
            <translation>%1 相对 %2</translation>
        </message>
        <message>
            <location line="+25" />
            <source>not priced</source>
            <translation>未定价</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Per million %1</source>
            <comment>kind of tokens</comment>
            <translation>每百万%1</translation>
        </message>
        <message>
            <location line="+13" />
            <source>not comparable</source>
            <translation>不可比较</translation>
        </message>
        <message>
            <location line="+20" />
            <source>better than the baseline</source>
            <translation>优于基准</translation>
        </message>
        <message>
            <location line="+0" />
            <source>worse than the baseline</source>
            <translation>劣于基准</translation>
        </message>
        <message>
            <location line="+17" />
            <source>Parameter</source>
            <translation>参数</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Unit</source>
            <translation>单位</translation>
        </message>
        <message>
            <location line="+25" />
            <source>This plan has no phase of this kind</source>
            <translation>此计划没有这类阶段</translation>
        </message>
        <message>
            <location line="+18" />
            <source>The plans have the same inputs.</source>
            <translation>各计划的输入完全相同。</translation>
        </message>
        <message numerus="yes">
            <location line="+1" />
            <source>%n parameter(s) differ; — marks a phase the plan does not have.</source>
            <translation>
                <numerusform>%n 个参数不同；— 表示该计划没有此阶段。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+23" />
            <source>%1 (%2)</source>
            <comment>label (unit)</comment>
            <translation>%1（%2）</translation>
        </message>
    </context>
    <context>
        <name>costlab::CostBreakdownChart</name>
        <message>
            <location filename="../widgets/charts/costbreakdownchart.cpp" line="+45" />
            <source>Cost by phase and category</source>
            <translation>各阶段成本构成</translation>
        </message>
        <message>
            <location line="+2" />
            <location line="+166" />
            <source>Cost</source>
            <translation>成本</translation>
        </message>
        <message>
            <location line="-100" />
            <source>Shared</source>
            <translation>共享</translation>
        </message>
        <message>
            <location line="+110" />
            <source>Phase (numbered in plan order; hover a bar)</source>
            <translation>阶段（按计划顺序编号；悬停查看详情）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Phase</source>
            <translation>阶段</translation>
        </message>
        <message>
            <location line="+32" />
            <source>%1
+ GPU time,
not priced</source>
            <comment>bar total</comment>
            <translation>%1
+ GPU 时间
（未定价）</translation>
        </message>
        <message>
            <location line="+22" />
            <source>Total: %1</source>
            <translation>合计：%1</translation>
        </message>
    </context>
    <context>
        <name>costlab::Dialog</name>
        <message>
            <location filename="../widgets/common/plaintext.cpp" line="+56" />
            <source>&amp;Close</source>
            <translation>关闭(&amp;C)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Cancel</source>
            <translation>取消(&amp;C)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;OK</source>
            <translation>确定(&amp;O)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Save</source>
            <translation>保存(&amp;S)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Discard</source>
            <translation>放弃(&amp;D)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Apply</source>
            <translation>应用(&amp;A)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Yes</source>
            <translation>是(&amp;Y)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;No</source>
            <translation>否(&amp;N)</translation>
        </message>
    </context>
    <context>
        <name>costlab::DistributionChart</name>
        <message>
            <location filename="../widgets/charts/distributionchart.cpp" line="+105" />
            <location line="+159" />
            <source>Share of runs per bin</source>
            <translation>每个区间的运行占比</translation>
        </message>
        <message>
            <location line="-158" />
            <source>Cumulative share of runs</source>
            <translation>运行累计占比</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Share of runs (%)</source>
            <translation>运行占比（%）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Cumulative (%)</source>
            <translation>累计（%）</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Total cost</source>
            <translation>总成本</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Duration (days)</source>
            <translation>工期（天）</translation>
        </message>
        <message numerus="yes">
            <location line="+37" />
            <source>Total cost in %Ln Monte Carlo runs</source>
            <translation>
                <numerusform>%Ln 次蒙特卡洛运行的总成本</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location line="+1" />
            <source>Duration in %Ln Monte Carlo runs</source>
            <translation>
                <numerusform>%Ln 次蒙特卡洛运行的工期</numerusform>
            </translation>
        </message>
        <message>
            <location line="+1" />
            <source>Total cost distribution</source>
            <translation>总成本分布</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Duration distribution</source>
            <translation>工期分布</translation>
        </message>
        <message>
            <location line="+2" />
            <source>No distribution: the plan cannot be evaluated.</source>
            <translation>无分布：该方案无法估算。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>No cost distribution: the plan is not priced (the catalog has no price for its GPUs). The duration distribution is still shown.</source>
            <translation>没有成本分布：该方案未定价（价目表中没有其 GPU 的价格）。工期分布仍会显示。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>The Monte Carlo runs follow the estimate…</source>
            <translation>蒙特卡洛运行将在估算之后给出…</translation>
        </message>
        <message>
            <location line="+41" />
            <source>%1 d</source>
            <translation>%1 天</translation>
        </message>
        <message>
            <location line="+17" />
            <source>Budget %1: %2 of runs over</source>
            <translation>预算 %1：%2 的运行超支</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Deadline %1 d: %2 of runs late</source>
            <translation>截止期限 %1 天：%2 的运行延期</translation>
        </message>
        <message>
            <location line="+39" />
            <source>Share of runs per bin (%1 above the last bin, not drawn)</source>
            <translation>每个区间的运行占比（另有 %1 的运行超出最后一个区间，未画出）</translation>
        </message>
        <message>
            <location line="+20" />
            <source>%1 – %2</source>
            <translation>%1 – %2</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1 – %2 days</source>
            <translation>%1 – %2 天</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 of the runs in this bin; %3 end at or below it</source>
            <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 的运行落在此区间；%3 的运行不高于它</translation>
        </message>
    </context>
    <context>
        <name>costlab::Document</name>
        <message>
            <location filename="../widgets/editor/document.cpp" line="+44" />
            <source>Untitled plan</source>
            <translation>未命名计划</translation>
        </message>
        <message>
            <location line="+20" />
            <location line="+46" />
            <location line="+50" />
            <source>Unknown parameter %1</source>
            <translation>未知参数 %1</translation>
        </message>
        <message>
            <location line="-86" />
            <source>%1: no choice number %2</source>
            <translation>%1：没有第 %2 个选项</translation>
        </message>
        <message>
            <location line="+13" />
            <source>%1 is a catalog reference; set it by id</source>
            <translation>%1 是价目表引用，请按 id 设置</translation>
        </message>
        <message>
            <location line="+40" />
            <source>Change %1</source>
            <translation>修改%1</translation>
        </message>
        <message>
            <location line="+12" />
            <source>The currency was not changed: %1</source>
            <translation>币种未更改：%1</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Change currency to %1 (money inputs converted at %2 CNY per USD)</source>
            <translation>将币种改为 %1（金额输入按 %2 元/美元换算）</translation>
        </message>
        <message>
            <location line="+52" />
            <source>The plan is not valid.</source>
            <translation>方案无效。</translation>
        </message>
        <message>
            <location line="+40" />
            <source>%1 could not be read</source>
            <translation>无法读取 %1</translation>
        </message>
        <message>
            <location line="+13" />
            <source>No file name given</source>
            <translation>未指定文件名</translation>
        </message>
        <message>
            <location line="+12" />
            <location line="+7" />
            <source>Cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
    </context>
    <context>
        <name>costlab::EstimateView</name>
        <message>
            <location filename="../widgets/editor/estimateview.cpp" line="+262" />
            <source>Trade-off &amp;x:</source>
            <translation>权衡图 &amp;x 轴：</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Parameter swept along the trade-off chart's x axis</source>
            <translation>权衡图 x 轴上扫描的参数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Trade-off parameter</source>
            <translation>权衡参数</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Choose which parameter the trade-off chart varies; cost and risks are recomputed across its range</source>
            <translation>选择权衡图要变化的参数；将在其取值范围内重新计算成本与风险</translation>
        </message>
        <message>
            <location line="+2" />
            <location line="+30" />
            <source>Cost</source>
            <translation>成本</translation>
        </message>
        <message>
            <location line="-29" />
            <source>Memory</source>
            <translation>显存</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Step time</source>
            <translation>步时</translation>
        </message>
        <message>
            <location line="+1" />
            <source>RL pipeline</source>
            <translation>强化学习流水线</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Spend</source>
            <translation>支出</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Trade-off</source>
            <translation>权衡</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Cost and every risk as one parameter varies</source>
            <translation>单个参数变化时的成本与各项风险</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Uncertainty</source>
            <translation>不确定性</translation>
        </message>
        <message numerus="yes">
            <location line="+2" />
            <source>Distribution of the total cost or duration over %n Monte Carlo runs, with P10/P50/P90, the budget and the deadline</source>
            <translation>
                <numerusform>%n 次蒙特卡洛运行的总成本或工期分布，含 P10/P50/P90、预算与截止期限</numerusform>
            </translation>
        </message>
        <message>
            <location line="+3" />
            <source>Sensitivity</source>
            <translation>敏感性</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Each input moved alone across its plausible range (or ±20 %): the inputs that move the total cost most (costlab-cli sensitivity)</source>
            <translation>每个输入单独在其合理范围内（或 ±20 %）变动：对总成本影响最大的输入（costlab-cli sensitivity）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Target</source>
            <translation>目标</translation>
        </message>
        <message>
            <location line="+2" />
            <source>How much training reaches the target: the loss law of a pre-training phase or the RL compute–performance curve, with your own runs when fitted</source>
            <translation>要训练多少才能达到目标：预训练阶段的损失定律或 RL 的算力–性能曲线，拟合后叠加您自己的实验点</translation>
        </message>
        <message>
            <location line="+2" />
            <source>&amp;Fit to my runs…</source>
            <translation>用我的实验拟合(&amp;F)…</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Fit the loss law or the RL curve to a CSV export of your small runs (Weights &amp; Biases, TensorBoard or plain columns) and use it in this phase</source>
            <translation>用您小规模实验的 CSV 导出（Weights &amp; Biases、TensorBoard 或普通列）拟合损失定律或 RL 曲线，并用于此阶段</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Target chart</source>
            <translation>目标图</translation>
        </message>
        <message>
            <location line="+2" />
            <source>The loss law or RL curve of the phase, its target and the training it needs</source>
            <translation>该阶段的损失定律或 RL 曲线、目标及所需训练量</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Distribution of the plan's total cost</source>
            <translation>方案总成本的分布</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Duration</source>
            <translation>工期</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Distribution of the plan's wall-clock days</source>
            <translation>方案日历天数的分布</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Probability</source>
            <translation>概率</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Right axis: probability of each risk</source>
            <translation>右轴：各项风险的概率</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Show risks as probability</source>
            <translation>以概率显示风险</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Expected cost</source>
            <translation>期望成本</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Right axis: expected cost of each risk (probability × cost)</source>
            <translation>右轴：各项风险的期望成本（概率 × 成本）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Show risks as expected cost</source>
            <translation>以期望成本显示风险</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Cost breakdown chart</source>
            <translation>成本构成图</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Trade-off chart</source>
            <translation>权衡图</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Memory per GPU chart</source>
            <translation>单卡显存图</translation>
        </message>
        <message>
            <location line="+1" />
            <source>RL pipeline utilisation chart</source>
            <translation>强化学习流水线利用率图</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Cumulative spend chart</source>
            <translation>累计支出图</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Step breakdown chart</source>
            <translation>单步时间分解图</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Time of one optimizer step per training phase: compute, communication, pipeline bubble and optimizer, with the predicted MFU</source>
            <translation>每个训练阶段一次优化器步的时间：计算、通信、流水线气泡和优化器，以及预测的 MFU</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Cost by category, stacked, per phase</source>
            <translation>按类别堆叠的各阶段成本</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Cost and risk across the range of the chosen parameter</source>
            <translation>所选参数取值范围内的成本与风险</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Memory per GPU by role and component against the usable HBM</source>
            <translation>各角色单卡显存按组成部分堆叠，并与可用 HBM 对比</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Busy and idle time of rollout GPUs, trainer GPUs and environments per iteration</source>
            <translation>每次迭代中 rollout GPU、训练端 GPU 与环境的忙碌和空闲时间</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Cumulative spend over the plan's calendar against the budget</source>
            <translation>计划周期内的累计支出与预算对比</translation>
        </message>
        <message>
            <location line="+21" />
            <source>%1 · %2</source>
            <translation>%1 · %2</translation>
        </message>
        <message>
            <location line="+58" />
            <source>No figures: the plan cannot be evaluated. The reason is shown above the charts.</source>
            <translation>没有数字：该方案无法评估，原因显示在图表上方。</translation>
        </message>
    </context>
    <context>
        <name>costlab::ExportConfigDialog</name>
        <message>
            <location filename="../widgets/transfer/exportconfigdialog.cpp" line="+28" />
            <source>Export Launch Settings</source>
            <translation>导出启动设置</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Pre-training phases are written as Megatron-LM arguments, RL phases as a veRL config (YAML).</source>
            <translation>预训练阶段写成 Megatron-LM 参数，RL 阶段写成 veRL 配置（YAML）。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Megatron-LM arguments</source>
            <translation>Megatron-LM 参数</translation>
        </message>
        <message>
            <location line="+0" />
            <source>veRL config (YAML)</source>
            <translation>veRL 配置（YAML）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Phase %1: %2 — %3</source>
            <translation>阶段 %1：%2 — %3</translation>
        </message>
        <message>
            <location line="+2" />
            <source>&amp;Phase:</source>
            <translation>阶段(&amp;P)：</translation>
        </message>
        <message>
            <location line="+13" />
            <source>&amp;Copy</source>
            <translation>复制(&amp;C)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Copy the settings to the clipboard</source>
            <translation>把设置复制到剪贴板</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Save…</source>
            <translation>保存(&amp;S)…</translation>
        </message>
        <message>
            <location line="+32" />
            <source>The plan has no pre-training or RL phase to export.</source>
            <translation>该方案没有可导出的预训练或 RL 阶段。</translation>
        </message>
        <message>
            <location line="+17" />
            <source>The layout, batch and pools of this RL phase as veRL settings; add the model path, data and reward function of your own.</source>
            <translation>把这个 RL 阶段的并行布局、批大小和 GPU 池写成 veRL 设置；模型路径、数据和奖励函数请自行补充。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>The layout, batch and model shape of this phase as Megatron-LM arguments; add your data, tokenizer, optimizer and checkpoint flags.</source>
            <translation>把这个阶段的并行布局、批大小和模型结构写成 Megatron-LM 参数；数据、分词器、优化器和检查点参数请自行补充。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>The header notes what the framework cannot express.</source>
            <translation>文件头注释说明了框架无法表达的内容。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Save launch settings</source>
            <translation>保存启动设置</translation>
        </message>
        <message>
            <location line="+1" />
            <source>YAML files (*.yaml *.yml)</source>
            <translation>YAML 文件 (*.yaml *.yml)</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Shell scripts (*.sh);;Text files (*.txt)</source>
            <translation>Shell 脚本 (*.sh);;文本文件 (*.txt)</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Save failed</source>
            <translation>保存失败</translation>
        </message>
    </context>
    <context>
        <name>costlab::Figure</name>
        <message>
            <location filename="../widgets/common/paramtext.cpp" line="+223" />
            <source>%1/M tokens</source>
            <comment>money per million tokens</comment>
            <translation>%1/百万 token</translation>
        </message>
        <message>
            <location line="+4" />
            <source>%1 GPU-hours</source>
            <translation>%1 GPU 小时</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 days</source>
            <translation>%1 天</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 h</source>
            <translation>%1 小时</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 s</source>
            <translation>%1 秒</translation>
        </message>
        <message>
            <location line="+2" />
            <location line="+8" />
            <source>%1 %</source>
            <translation>%1 %</translation>
        </message>
        <message>
            <location line="-6" />
            <source>%1 GiB</source>
            <translation>%1 GiB</translation>
        </message>
        <message>
            <location line="+8" />
            <source>no budget</source>
            <translation>无预算</translation>
        </message>
        <message>
            <location line="+13" />
            <source>%1/M tokens</source>
            <translation>%1/百万 token</translation>
        </message>
        <message>
            <location line="+3" />
            <location filename="../model/engine/figures.cpp" line="+62" />
            <source>GPU-hours</source>
            <translation>GPU 小时</translation>
        </message>
        <message>
            <location line="+2" />
            <source>days</source>
            <translation>天数</translation>
        </message>
        <message>
            <location line="+2" />
            <source>h</source>
            <translation>小时</translation>
        </message>
        <message>
            <location line="+2" />
            <source>s</source>
            <translation>秒</translation>
        </message>
        <message>
            <location line="+4" />
            <source>%</source>
            <translation>%</translation>
        </message>
        <message>
            <location line="+2" />
            <source>GiB</source>
            <translation>GiB</translation>
        </message>
        <message>
            <location filename="../model/engine/figures.cpp" line="-3" />
            <source>Total cost</source>
            <translation>总成本</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Wall-clock time</source>
            <translation>墙钟时间</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Cost per million tokens</source>
            <translation>每百万 token 成本</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Fixed cost</source>
            <translation>固定成本</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Elastic cost</source>
            <translation>弹性成本</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Total / budget</source>
            <translation>总成本 / 预算</translation>
        </message>
        <message>
            <location line="+3" />
            <source>MFU</source>
            <translation>MFU</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Peak memory per GPU</source>
            <translation>每块 GPU 的峰值显存</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Peak memory, share of usable HBM</source>
            <translation>峰值显存占可用 HBM 的比例</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Checkpoint interval</source>
            <translation>检查点间隔</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Expected failures</source>
            <translation>期望故障次数</translation>
        </message>
        <message>
            <location line="+2" />
            <source>RL iteration time</source>
            <translation>RL 迭代时间</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Trainer GPUs idle, share of time</source>
            <translation>训练端 GPU 空闲时间占比</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Trained tokens</source>
            <translation>训练 token 数</translation>
        </message>
        <message>
            <location line="+42" />
            <location line="+8" />
            <source>no trained tokens</source>
            <translation>无训练 token</translation>
        </message>
        <message>
            <location line="-6" />
            <source>pre-training tokens</source>
            <translation>预训练 token</translation>
        </message>
        <message>
            <location line="+2" />
            <source>RL tokens</source>
            <translation>强化学习 token</translation>
        </message>
        <message>
            <location line="+2" />
            <source>pre-training and RL tokens</source>
            <translation>预训练与强化学习 token</translation>
        </message>
    </context>
    <context>
        <name>costlab::FigureShort</name>
        <message>
            <location line="-104" />
            <source>Total cost</source>
            <translation>总成本</translation>
        </message>
        <message>
            <location line="+3" />
            <source>GPU-hours</source>
            <translation>GPU 小时</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Wall-clock</source>
            <translation>日历时长</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Per million tokens</source>
            <translation>每百万 token</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Fixed</source>
            <translation>固定</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Elastic</source>
            <translation>弹性</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Budget</source>
            <translation>预算</translation>
        </message>
        <message>
            <location line="+3" />
            <source>MFU</source>
            <translation>MFU</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Peak memory</source>
            <translation>峰值显存</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Memory use</source>
            <translation>显存占用</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Checkpoint interval</source>
            <translation>检查点间隔</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Failures</source>
            <translation>故障次数</translation>
        </message>
        <message>
            <location line="+2" />
            <source>RL iteration</source>
            <translation>RL 迭代</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Trainer idle</source>
            <translation>训练端空闲</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Tokens</source>
            <translation>token 数</translation>
        </message>
    </context>
    <context>
        <name>costlab::FitDialog</name>
        <message>
            <location filename="../widgets/analysis/fitdialog.cpp" line="+38" />
            <source>Too few points to fit: at least %1 are needed, the series has %2.</source>
            <translation>点数太少，无法拟合：至少需要 %1 个，该序列只有 %2 个。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>A point is not a positive, finite number (NaN, infinity, or a size, amount or loss of 0 or less).</source>
            <translation>有数据点不是有限正数（NaN、无穷大，或规模、训练量、损失不大于 0）。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>The values do not fall (loss) or rise (score) with more training: there is no trend to fit.</source>
            <translation>数值没有随训练增加而下降（损失）或上升（得分）：没有可拟合的趋势。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>A score is outside 0–1: the curve fits a pass rate.</source>
            <translation>有得分超出 0–1：该曲线拟合的是通过率。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>%1 (P10 %2, P90 %3)</source>
            <translation>%1（P10 %2，P90 %3）</translation>
        </message>
        <message>
            <location line="+9" />
            <source>&amp;Choose…</source>
            <translation>选择(&amp;C)…</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Fit the loss law to your runs — %1</source>
            <translation>用您的实验拟合损失定律——%1</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Fit the RL curve to your runs — %1</source>
            <translation>用您的实验拟合 RL 曲线——%1</translation>
        </message>
        <message>
            <location line="+3" />
            <source>A CSV of your small runs' loss: a Weights &amp; Biases or TensorBoard export, x,y (tokens or steps, loss) or params,tokens,loss with runs at several sizes. The law L = E + A/N^α + B/D^β is fitted by variable projection with a 200-resample bootstrap (docs/model-reference.md §11.3).</source>
            <translation>您小规模实验损失的 CSV：Weights &amp; Biases 或 TensorBoard 导出、x,y（token 数或步数，损失），或包含多个规模实验的 params,tokens,loss。定律 L = E + A/N^α + B/D^β 用变量投影法拟合，并做 200 次重采样的 bootstrap（docs/model-reference.md §11.3）。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>A CSV of your small runs' score: a Weights &amp; Biases or TensorBoard export or x,y (GPU-hours or iterations, pass rate 0–1). The curve R = R0 + (A − R0)/(1 + (C_mid/C)^B) is fitted after the early noisy regime, as Khatri et al. 2025 do (docs/model-reference.md §11.3).</source>
            <translation>您小规模实验得分的 CSV：Weights &amp; Biases 或 TensorBoard 导出，或 x,y（GPU 小时或迭代次数，通过率 0–1）。曲线 R = R0 + (A − R0)/(1 + (C_mid/C)^B) 在早期噪声阶段之后拟合，与 Khatri 等 2025 的做法相同（docs/model-reference.md §11.3）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>No file chosen</source>
            <translation>未选择文件</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Runs (CSV):</source>
            <translation>实验（CSV）：</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Series:</source>
            <translation>序列(&amp;S)：</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The run and metric to fit (a W&amp;B export holds one column per run)</source>
            <translation>要拟合的实验和指标（W&amp;B 导出中每个实验一列）</translation>
        </message>
        <message>
            <location line="+13" />
            <source> M parameters</source>
            <translation> M 参数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>enter the run's size</source>
            <translation>请输入实验的规模</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Model size of a single curve's run, in millions of parameters (a params,tokens,loss file gives its own sizes).</source>
            <translation>单条曲线所对应实验的模型规模，以百万参数计（params,tokens,loss 文件自带规模）。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>&amp;Model size of the run:</source>
            <translation>实验的模型规模(&amp;M)：</translation>
        </message>
        <message>
            <location line="+1" />
            <source> tokens</source>
            <translation> token</translation>
        </message>
        <message>
            <location line="+2" />
            <source>When x counts optimizer steps: tokens per step (global batch × sequence length). 1 = x already counts tokens.</source>
            <translation>当 x 是优化器步数时：每步的 token 数（全局批大小 × 序列长度）。1 = x 本身就是 token 数。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>&amp;Tokens per x step:</source>
            <translation>每个 x 步的 token 数(&amp;T)：</translation>
        </message>
        <message>
            <location line="+5" />
            <source>GPU-hours</source>
            <translation>GPU 小时</translation>
        </message>
        <message>
            <location line="+1" />
            <source>RL iterations (policy steps)</source>
            <translation>RL 迭代次数（策略更新步）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>x &amp;counts:</source>
            <translation>x 的含义(&amp;C)：</translation>
        </message>
        <message>
            <location line="+1" />
            <source> GPU-hours</source>
            <translation> GPU 小时</translation>
        </message>
        <message>
            <location line="+1" />
            <source>this phase's own</source>
            <translation>此阶段自身的</translation>
        </message>
        <message>
            <location line="+2" />
            <source>GPU-hours one policy step took in your runs: the curve's GPU-hours over it are the iterations a target needs. 0 = your runs were small versions of this plan, so its own GPU-hours per iteration are used.</source>
            <translation>您的实验中一次策略更新所用的 GPU 小时：曲线的 GPU 小时除以它，就是达到目标所需的迭代次数。0 = 您的实验是本计划的缩小版，因此使用本计划自身每次迭代的 GPU 小时。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>GPU-hours per &amp;step of the runs:</source>
            <translation>实验每步的 GPU 小时(&amp;S)：</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Points at or below this x are the early noisy regime and are left out (Khatri et al. fit after ~1,500 GPU-hours). 0 = fit every point.</source>
            <translation>x 不大于此值的点属于早期噪声阶段，不参与拟合（Khatri 等在约 1,500 GPU 小时之后才拟合）。0 = 拟合所有点。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Leave out x at or &amp;below:</source>
            <translation>忽略 x 不大于(&amp;B)：</translation>
        </message>
        <message>
            <location line="+15" />
            <source>&amp;Use in plan</source>
            <translation>用于计划(&amp;U)</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Choose a CSV file of your runs.</source>
            <translation>请选择您实验的 CSV 文件。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Runs to fit</source>
            <translation>要拟合的实验</translation>
        </message>
        <message>
            <location line="+0" />
            <source>CSV exports (*.csv *.txt);;All files (*)</source>
            <translation>CSV 导出 (*.csv *.txt);;所有文件 (*)</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Cannot read %1: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 is larger than 200 MB: not a training-curve export.</source>
            <translation>%1 大于 200 MB：不是训练曲线导出文件。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>%1 was not read: %2</source>
            <translation>未读取 %1：%2</translation>
        </message>
        <message numerus="yes">
            <location line="+27" />
            <source>All runs (%n model sizes)</source>
            <translation>
                <numerusform>全部实验（%n 个模型规模）</numerusform>
            </translation>
        </message>
        <message>
            <location line="+4" />
            <source>Column 2</source>
            <translation>第 2 列</translation>
        </message>
        <message>
            <location line="+21" />
            <source>%1, %2</source>
            <translation>%1，%2</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Enter the model size of the run to fit its curve.</source>
            <translation>请输入实验的模型规模，以拟合其曲线。</translation>
        </message>
        <message>
            <location line="+19" />
            <source>%1 (%2 parameters)</source>
            <translation>%1（%2 参数）</translation>
        </message>
        <message numerus="yes">
            <location line="+6" />
            <location line="+42" />
            <source>Fitted to %n points</source>
            <translation>
                <numerusform>已拟合 %n 个点</numerusform>
            </translation>
        </message>
        <message>
            <location line="-40" />
            <source> at one model size (%1 parameters): E includes A/N^α, so the law sizes only models of that size</source>
            <translation>，只有一个模型规模（%1 参数）：E 包含了 A/N^α，因此该定律只能用于这一规模的模型</translation>
        </message>
        <message>
            <location line="+4" />
            <source>E %1 · A %2 · B %3 · α %4 · β %5</source>
            <translation>E %1 · A %2 · B %3 · α %4 · β %5</translation>
        </message>
        <message>
            <location line="+6" />
            <source>rmse %1 nats, largest residual %2 nats</source>
            <translation>rmse %1 nats，最大残差 %2 nats</translation>
        </message>
        <message>
            <location line="+8" />
            <source>A score curve needs x,y columns (compute, pass rate) or a W&amp;B or TensorBoard export, not params,tokens,loss.</source>
            <translation>得分曲线需要 x,y 两列（算力，通过率）或 W&amp;B、TensorBoard 导出，而不是 params,tokens,loss。</translation>
        </message>
        <message numerus="yes">
            <location line="+23" />
            <source> (%n in the early regime left out)</source>
            <translation>
                <numerusform>（忽略早期阶段的 %n 个点）</numerusform>
            </translation>
        </message>
        <message>
            <location line="+2" />
            <source>A %1 · B %2 · C_mid %3 · R0 %4</source>
            <translation>A %1 · B %2 · C_mid %3 · R0 %4</translation>
        </message>
        <message>
            <location line="+5" />
            <source>rmse %1</source>
            <translation>rmse %1</translation>
        </message>
        <message>
            <location line="+50" />
            <source>Fit to my runs</source>
            <translation>用我的实验拟合</translation>
        </message>
    </context>
    <context>
        <name>costlab::Format</name>
        <message>
            <location filename="../widgets/common/paramtext.cpp" line="-178" />
            <source>Pre-training</source>
            <translation>预训练</translation>
        </message>
        <message>
            <location line="+2" />
            <source>RL post-training</source>
            <translation>强化学习后训练</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Evaluation</source>
            <translation>评测</translation>
        </message>
        <message>
            <location line="+57" />
            <source>T</source>
            <comment>trillion</comment>
            <translation>T</translation>
        </message>
        <message>
            <location line="+1" />
            <source>B</source>
            <comment>billion</comment>
            <translation>B</translation>
        </message>
        <message>
            <location line="+1" />
            <source>M</source>
            <comment>million</comment>
            <translation>M</translation>
        </message>
        <message>
            <location line="+1" />
            <source>K</source>
            <comment>thousand</comment>
            <translation>K</translation>
        </message>
    </context>
    <context>
        <name>costlab::GlossaryDialog</name>
        <message>
            <location filename="../widgets/lesson/lessonsdialog.cpp" line="+233" />
            <source>MFU (model FLOPs utilisation)</source>
            <translation>MFU（模型算力利用率）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The share of the GPUs' peak FLOP/s that goes into the model's own arithmetic (6 FLOPs per parameter per token for training). Real runs reach 30–60 %; Costlab predicts it from the parallel layout.</source>
            <translation>GPU 峰值 FLOP/s 中真正用于模型自身运算的比例（训练时每参数每 token 6 次浮点运算）。真实训练能达到 30–60 %；Costlab 根据并行布局预测它。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>GPU-hour</source>
            <translation>GPU 小时</translation>
        </message>
        <message>
            <location line="+1" />
            <source>One GPU used for one hour: the unit cloud providers bill. 1,024 GPUs for a day are 24,576 GPU-hours.</source>
            <translation>一块 GPU 使用一小时：云厂商的计费单位。1,024 块 GPU 用一天就是 24,576 GPU 小时。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>TP, PP, DP, CP, EP (parallelism)</source>
            <translation>TP、PP、DP、CP、EP（并行方式）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>How a model is split over GPUs: tensor parallel (each layer's matrices), pipeline parallel (groups of layers), data parallel (copies on different data), context parallel (the sequence), expert parallel (MoE experts). TP × PP × CP × DP = GPUs.</source>
            <translation>模型如何分布到多块 GPU 上：张量并行（切分每层的矩阵）、流水线并行（按层分组）、数据并行（多个副本处理不同数据）、上下文并行（切分序列）、专家并行（MoE 专家）。TP × PP × CP × DP = GPU 数。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>ZeRO stage</source>
            <translation>ZeRO 阶段</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Sharding of training state over the data-parallel GPUs (Rajbhandari et al. 2020): stage 1 the optimizer state, 2 also the gradients, 3 also the weights (FSDP). Less memory per GPU, more communication.</source>
            <translation>把训练状态切分到数据并行的各 GPU 上（Rajbhandari 等，2020）：第 1 阶段切分优化器状态，第 2 阶段再切分梯度，第 3 阶段再切分权重（FSDP）。每块 GPU 的显存更少，通信更多。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Micro-batch and recompute</source>
            <translation>微批次 与重计算</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The micro-batch is how many sequences one GPU processes at a time; its activations fill memory. Recompute (activation checkpointing) drops them and computes them again in the backward pass: memory for compute.</source>
            <translation>微批次 是一块 GPU 一次处理的序列数；它的激活值占满显存。重计算（激活检查点）丢弃激活值，在反向传播时再算一遍：用算力换显存。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>OOM (out of memory)</source>
            <translation>OOM（显存溢出）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The plan needs more GPU memory than the GPU has; the job fails at start. Costlab gives a probability, because real peaks vary around the estimate.</source>
            <translation>方案需要的显存超过 GPU 的容量；作业在启动时就会失败。Costlab 给出的是概率，因为真实峰值会在估计值附近波动。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>KV cache and GQA</source>
            <translation>KV 缓存与 GQA</translation>
        </message>
        <message>
            <location line="+1" />
            <source>During generation each token's attention keys and values are kept: the KV cache, which limits how many sequences a GPU serves at once. Grouped-query attention (GQA) shares keys and values between heads and shrinks it.</source>
            <translation>生成时会保存每个 token 的注意力键和值：这就是 KV 缓存，它限制了一块 GPU 能同时服务多少条序列。分组查询注意力（GQA）让多个头共享键和值，从而缩小缓存。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Rollout</source>
            <translation>Rollout（采样生成）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>In RL post-training, the model generating answers or acting in an environment so that the results can be scored and trained on.</source>
            <translation>在 RL 后训练中，模型生成回答或在环境中行动，以便对结果打分并据此训练。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>PPO and GRPO</source>
            <translation>PPO 与 GRPO</translation>
        </message>
        <message>
            <location line="+1" />
            <source>RL algorithms for language models. PPO trains a critic model beside the policy; GRPO scores each answer against a group of answers to the same prompt and needs no critic.</source>
            <translation>用于语言模型的 RL 算法。PPO 在策略之外还训练一个评论家模型；GRPO 把每个回答与同一提示的一组回答相比较来打分，不需要评论家。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>TIS (importance-sampling correction)</source>
            <translation>TIS（重要性采样校正）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Truncated importance sampling reweights tokens generated by a quantized or stale sampler so the trainer's gradient stays nearly unbiased.</source>
            <translation>截断重要性采样对量化或滞后的采样端生成的 token 重新加权，使训练端的梯度几乎保持无偏。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>MTBF (mean time between failures)</source>
            <translation>MTBF（平均故障间隔时间）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Average time between failures of the whole job. It falls as GPUs are added: Meta saw 419 interruptions in 54 days on 16,384 GPUs.</source>
            <translation>整个作业两次故障之间的平均时间。GPU 越多它越短：Meta 在 16,384 块 GPU 上 54 天内遇到 419 次中断。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Checkpoint interval and Young/Daly</source>
            <translation>检查点间隔与 Young/Daly</translation>
        </message>
        <message>
            <location line="+1" />
            <source>How often training state is saved. Young (1974) and Daly (2006): the interval that wastes least is about √(2 · checkpoint time · MTBF).</source>
            <translation>多久保存一次训练状态。Young（1974）与 Daly（2006）：浪费最少的间隔约为 √(2 · 检查点耗时 · MTBF)。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>P50 / P90</source>
            <translation>P50 / P90</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Percentiles of the Monte Carlo runs: half the simulated runs cost less than P50, nine in ten less than P90. A budget for finance usually uses P90.</source>
            <translation>蒙特卡洛模拟的分位数：一半的模拟运行费用低于 P50，十分之九低于 P90。给财务的预算通常用 P90。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Glossary</source>
            <translation>术语表</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Filter terms</source>
            <translation>筛选术语</translation>
        </message>
    </context>
    <context>
        <name>costlab::HeadlineStrip</name>
        <message>
            <location filename="../widgets/editor/headlinestrip.cpp" line="+34" />
            <source>%1: sized by a target loss of %2 nats/token: %3 tokens (P10 %4, P90 %5)</source>
            <translation>%1：按目标损失 %2 nats/token 确定规模：%3 token（P10 %4，P90 %5）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>%1: sized by a target score of %2: %3 iterations (P10 %4, P90 %5)</source>
            <translation>%1：按目标得分 %2 确定规模：%3 次迭代（P10 %4，P90 %5）</translation>
        </message>
        <message>
            <location line="+230" />
            <source>Accelerator hours over all phases, including time lost to failures and checkpoint stalls</source>
            <translation>所有阶段的加速卡小时数，含故障损失和检查点停顿时间</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Calendar time from the first phase's start to the last phase's end</source>
            <translation>从第一个阶段开始到最后一个阶段结束的日历时间</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Total cost divided by the trained tokens, per million</source>
            <translation>总成本除以训练 token 数（每百万）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Total cost against the budget: within below 90 %, warning up to 100 %, over above</source>
            <translation>总成本与预算之比：低于 90 % 为正常，90 %–100 % 为警告，超过 100 % 为超支</translation>
        </message>
        <message>
            <location line="+12" />
            <source>%1: not priced</source>
            <translation>%1：未定价</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The plan has no total (an accelerator has no price in the catalog), so it cannot be compared with the budget.</source>
            <translation>计划没有总成本（某加速器在价目表中没有价格），无法与预算比较。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>No budget set</source>
            <translation>未设预算</translation>
        </message>
        <message>
            <location line="+0" />
            <location line="+52" />
            <location line="+56" />
            <source>Not priced</source>
            <translation>未定价</translation>
        </message>
        <message>
            <location line="-105" />
            <source>Within (%1)</source>
            <translation>正常（%1）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Warning (%1)</source>
            <translation>警告（%1）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Over (%1)</source>
            <translation>超支（%1）</translation>
        </message>
        <message>
            <location line="+24" />
            <source>Cannot be evaluated</source>
            <translation>无法评估</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The plan has a problem, named beside the risk badges; no cost, time or risk is shown until it is fixed.</source>
            <translation>方案存在问题（原因显示在风险标记旁）；修正之前不显示成本、时间或风险。</translation>
        </message>
        <message>
            <location line="+20" />
            <source>Expected total cost of the plan, including hidden costs (failures, idle capacity, engineering)</source>
            <translation>计划的期望总成本，含隐性成本（故障、闲置容量、工程投入）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>The catalog has no price for %1 (a reference-only entry): its GPU time is not costed, so no total is shown. GPU-hours, time, memory and risks are still estimated. Add a price in Library → Catalogs.</source>
            <translation>价目表中没有 %1 的价格（仅作参考的条目）：其 GPU 时间未计费，因此不显示总成本。GPU 小时、时长、显存和风险仍照常估算。请在“场景库 → 价目表”中补充价格。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>P50 %1 · P90 %2</source>
            <translation>P50 %1 · P90 %2</translation>
        </message>
        <message numerus="yes">
            <location line="+3" />
            <source>Monte Carlo over each phase's timeline, %n runs: total cost P10 %1, P50 %2, P90 %3; duration P50 %4 days, P90 %5 days. Failures and restarts against the last checkpoint, divergence rollbacks and lost runs, capacity waits and the spread of failure rate, restart time and throughput are sampled (costlab-cli montecarlo).</source>
            <translation>
                <numerusform>沿各阶段时间线的蒙特卡洛模拟，共 %n 次：总成本 P10 %1、P50 %2、P90 %3；工期 P50 %4 天、P90 %5 天。抽样内容包括相对最近检查点的故障与重启、发散回滚与整轮运行损失、容量等待，以及故障率、重启时间和吞吐量的不确定性（costlab-cli montecarlo）。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+11" />
            <source>P(over budget): %1</source>
            <translation>超预算概率：%1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>P(a day's spend above the daily alert line): %1</source>
            <translation>P(某日支出超过每日告警线)：%1</translation>
        </message>
        <message>
            <location line="+3" />
            <source>P90 %1 days</source>
            <translation>P90 %1 天</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 · P(late) %2</source>
            <translation>%1 · 延期概率 %2</translation>
        </message>
        <message numerus="yes">
            <location line="+4" />
            <source>Duration in %n Monte Carlo runs: P50 %1 days, P90 %2 days; %3 of the runs end after the deadline of %4 days.</source>
            <translation>
                <numerusform>%n 次蒙特卡洛运行的工期：P50 %1 天，P90 %2 天；其中 %3 的运行在 %4 天的截止期限之后结束。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location line="+6" />
            <source>Duration in %n Monte Carlo runs: P50 %1 days, P90 %2 days. Set a deadline (Budget) to see the chance of missing it.</source>
            <translation>
                <numerusform>%n 次蒙特卡洛运行的工期：P50 %1 天，P90 %2 天。在“预算”中设置截止期限即可看到错过它的概率。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+10" />
            <source>%1 GPU-h</source>
            <translation>%1 GPU 小时</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1 days</source>
            <translation>%1 天</translation>
        </message>
        <message>
            <location line="+4" />
            <source>%1 / M tokens</source>
            <translation>%1 / 百万 token</translation>
        </message>
        <message>
            <location line="+1" />
            <source>n/a (no trained tokens)</source>
            <translation>不适用（无训练 token）</translation>
        </message>
        <message>
            <location line="+20" />
            <source>%1 —</source>
            <translation>%1 —</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1: not evaluated, as the plan cannot be evaluated (the reason is shown beside the badges).</source>
            <translation>%1：未评估，因为方案无法评估（原因显示在标记旁）。</translation>
        </message>
        <message>
            <location line="+19" />
            <source>%1 %2 %3</source>
            <translation>%1 %2 %3</translation>
        </message>
        <message>
            <location line="+3" />
            <source>low impact</source>
            <translation>影响低</translation>
        </message>
        <message>
            <location line="+1" />
            <source>elevated impact</source>
            <translation>影响较高</translation>
        </message>
        <message>
            <location line="+1" />
            <source>high impact</source>
            <translation>影响高</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Colour by impact: the higher of its expected cost, %1 of the plan (low below 1 %, high from 5 %), and its probability, since it ends the run (low below 5 %, high from 20 %).</source>
            <translation>按影响着色：取预期成本（占方案的 %1；低于 1 % 为低，5 % 起为高）与概率（因为它会终结运行；低于 5 % 为低，20 % 起为高）两者中较高的等级。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Colour by impact: expected cost %1 of the plan (low below 1 %, high from 5 %).</source>
            <translation>颜色按影响：期望成本占计划的 %1（低于 1 % 为低，5 % 起为高）。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Colour by probability: low below 5 %, high from 20 %.</source>
            <translation>颜色按概率：低于 5 % 为低，20 % 起为高。</translation>
        </message>
        <message numerus="yes">
            <location line="+4" />
            <source>Probability: the share of %n Monte Carlo runs over the budget.</source>
            <translation>
                <numerusform>概率：%n 次蒙特卡洛运行中超出预算的比例。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+4" />
            <source>Plan figure: the chance that it happens in any phase (phases independent); expected costs summed over phases.</source>
            <translation>计划层面：在任一阶段发生的概率（各阶段视为独立）；期望成本为各阶段之和。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Its expected cost is included in the total.</source>
            <translation>其期望成本已计入总成本。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Its expected cost is not part of the total.</source>
            <translation>其期望成本未计入总成本。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1: %2 (%3)
Expected cost: %4
%5

%6</source>
            <translation>%1：%2（%3）
期望成本：%4
%5

%6</translation>
        </message>
        <message>
            <location line="+26" />
            <source>%1: impossible model shape, not priced: %2</source>
            <translation>%1：模型结构不可行，未计价：%2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1: unreachable target, not priced: %2</source>
            <translation>%1：目标无法达到，未计价：%2</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1: impossible layout, not priced: %2</source>
            <translation>%1：并行布局不可行，未计价：%2</translation>
        </message>
        <message>
            <location line="+7" />
            <source>%1: MFU %2 (%3); TP %4 × PP %5 × CP %6 × DP %7</source>
            <translation>%1:MFU %2(%3);TP %4 × PP %5 × CP %6 × DP %7</translation>
        </message>
        <message>
            <location line="+5" />
            <source> — TP × CP spans more GPUs than one NVLink domain: its collectives run on the slower scale-out network</source>
            <translation> — TP × CP 跨越的 GPU 多于一个 NVLink 域：其集合通信走较慢的横向扩展网络</translation>
        </message>
        <message>
            <location line="+6" />
            <source>%1: sized by a law outside the runs it was fitted on (an extrapolation; docs/model-reference.md §11)</source>
            <translation>%1：所用定律超出其拟合实验的范围（属于外推；docs/model-reference.md §11）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>n/a</source>
            <translation>不适用</translation>
        </message>
        <message>
            <location line="+2" />
            <source>No training phase</source>
            <translation>没有训练阶段</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Model-FLOPs utilisation (PaLM convention) of each training phase:
%1</source>
            <translation>各训练阶段的模型 FLOPs 利用率（PaLM 口径）：
%1</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Price catalog '%1': %2</source>
            <translation>价目表“%1”：%2</translation>
        </message>
    </context>
    <context>
        <name>costlab::HistoryDialog</name>
        <message>
            <location filename="../widgets/library/historydialog.cpp" line="+39" />
            <source>Scenario history</source>
            <translation>场景历史</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Revisions, newest first</source>
            <translation>版本（最新在前）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Saved</source>
            <translation>保存时间</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Message</source>
            <translation>说明</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Total cost</source>
            <translation>总成本</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Saved by</source>
            <translation>保存者</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Changed parameters between the two selected revisions</source>
            <translation>所选两个版本之间变化的参数</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Parameter</source>
            <translation>参数</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Older revision</source>
            <translation>较早版本</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Newer revision</source>
            <translation>较新版本</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Unit</source>
            <translation>单位</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Select two revisions and press Diff to list the parameters that changed.</source>
            <translation>选择两个版本并点击“对比”，即可列出变化的参数。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>&amp;Diff</source>
            <translation>对比(&amp;D)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Restore as current</source>
            <translation>恢复为当前版本(&amp;R)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Open revision</source>
            <translation>打开此版本(&amp;O)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Compare the two selected revisions</source>
            <translation>比较所选的两个版本</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Add a new revision equal to the selected one; the history is kept</source>
            <translation>新增一个与所选版本相同的版本；历史记录保留</translation>
        </message>
        <message>
            <location line="+29" />
            <source>History of “%1”</source>
            <translation>“%1”的历史</translation>
        </message>
        <message>
            <location line="+16" />
            <source>(no message)</source>
            <translation>（无说明）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>not priced</source>
            <translation>未定价</translation>
        </message>
        <message>
            <location line="+36" />
            <source>The library is read-only.</source>
            <translation>场景库为只读。</translation>
        </message>
        <message>
            <location line="+22" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location line="+10" />
            <location line="+1" />
            <source>(absent)</source>
            <translation>（不存在）</translation>
        </message>
        <message>
            <location line="+6" />
            <source>The two revisions have identical inputs.</source>
            <translation>两个版本的输入完全相同。</translation>
        </message>
        <message numerus="yes">
            <location line="+1" />
            <source>%n parameter(s) changed.</source>
            <translation>
                <numerusform>%n 个参数有变化。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+6" />
            <source>Restored an earlier revision</source>
            <translation>已恢复较早的版本</translation>
        </message>
        <message>
            <location line="+9" />
            <source>The revision is now the current one (saved as a new revision).</source>
            <translation>该版本现已成为当前版本（另存为一个新版本）。</translation>
        </message>
    </context>
    <context>
        <name>costlab::Import</name>
        <message>
            <location filename="../model/io/hfconfig.cpp" line="+71" />
            <source>the context length is the phase's sequence length</source>
            <translation>上下文长度取该阶段的序列长度</translation>
        </message>
        <message>
            <location line="+2" />
            <location line="+2" />
            <location line="+2" />
            <source>the precision is the phase's training precision</source>
            <translation>精度取该阶段的训练精度</translation>
        </message>
        <message>
            <location line="+2" />
            <location line="+2" />
            <source>positional encoding does not change cost</source>
            <translation>位置编码不影响成本</translation>
        </message>
        <message>
            <location line="+1" />
            <source>numerical constant; no cost</source>
            <translation>数值常数，不影响成本</translation>
        </message>
        <message>
            <location line="+2" />
            <location line="+2" />
            <source>biases are not counted (under 0.1 % of the parameters)</source>
            <translation>偏置不计入（不到参数量的 0.1 %）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>the multi-token-prediction module is not counted (DeepSeek-V3's published 671 B excludes its 14 B MTP module)</source>
            <translation>不计入多 token 预测模块（DeepSeek-V3 公布的 671 B 不含其 14 B MTP 模块）</translation>
        </message>
        <message>
            <location line="+3" />
            <location line="+1" />
            <source>file metadata</source>
            <translation>文件元数据</translation>
        </message>
        <message>
            <location line="+1" />
            <source>inference setting</source>
            <translation>推理设置</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+1" />
            <location line="+1" />
            <source>tokenizer setting</source>
            <translation>分词器设置</translation>
        </message>
        <message>
            <location line="+1" />
            <source>initialisation setting</source>
            <translation>初始化设置</translation>
        </message>
        <message>
            <location line="+1" />
            <source>regularisation setting</source>
            <translation>正则化设置</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+1" />
            <location line="+1" />
            <source>router detail; no cost</source>
            <translation>路由细节，不影响成本</translation>
        </message>
        <message>
            <location line="+104" />
            <source>the model family</source>
            <translation>模型系列</translation>
        </message>
        <message>
            <location line="+35" />
            <source>equals hidden_size / num_attention_heads</source>
            <translation>等于 hidden_size / num_attention_heads</translation>
        </message>
        <message>
            <location line="+9" />
            <source>gated MLP: three matrices</source>
            <translation>门控 MLP：三个矩阵</translation>
        </message>
        <message>
            <location line="+23" />
            <source>share of the layers listed as sliding_attention</source>
            <translation>标为 sliding_attention 的层所占比例</translation>
        </message>
        <message>
            <location line="+17" />
            <source>layers before it attend fully</source>
            <translation>此前的层使用全注意力</translation>
        </message>
        <message>
            <location line="+4" />
            <source>the sliding window is on</source>
            <translation>滑动窗口已开启</translation>
        </message>
        <message>
            <location line="+1" />
            <source>false: every layer attends fully</source>
            <translation>false：所有层使用全注意力</translation>
        </message>
        <message>
            <location line="+3" />
            <source>the sliding window is off</source>
            <translation>滑动窗口未开启</translation>
        </message>
        <message>
            <location line="+10" />
            <source>one global layer in each group</source>
            <translation>每组一层全局注意力</translation>
        </message>
        <message>
            <location line="+17" />
            <source>no layer uses the window</source>
            <translation>没有层使用滑动窗口</translation>
        </message>
        <message>
            <location line="+30" />
            <source>layers without experts</source>
            <translation>不含专家的层</translation>
        </message>
        <message>
            <location line="+8" />
            <location line="+27" />
            <source>spacing of the MoE layers</source>
            <translation>MoE 层的间隔</translation>
        </message>
        <message>
            <location line="-21" />
            <source>its width over moe_intermediate_size</source>
            <translation>其宽度除以 moe_intermediate_size</translation>
        </message>
        <message>
            <location line="+18" />
            <source>dense layers before the first MoE layer</source>
            <translation>第一个 MoE 层之前的稠密层</translation>
        </message>
        <message>
            <location line="+21" />
            <source>MLA up-projects K and V for every head from the latent</source>
            <translation>MLA 从潜在向量为每个头上投影出 K 和 V</translation>
        </message>
        <message>
            <location line="+18" />
            <location filename="../model/io/megatronargs.cpp" line="+355" />
            <source>per expert</source>
            <translation>每个专家</translation>
        </message>
        <message>
            <location line="+10" />
            <location filename="../model/io/megatronargs.cpp" line="+4" />
            <source>the FFN of the dense layers</source>
            <translation>稠密层的 FFN</translation>
        </message>
        <message>
            <location line="+3" />
            <source>every layer is MoE</source>
            <translation>所有层都是 MoE</translation>
        </message>
        <message>
            <location filename="../model/io/import.cpp" line="+46" />
            <source>Hugging Face config.json</source>
            <translation>Hugging Face config.json</translation>
        </message>
        <message>
            <location line="+1" />
            <source>the model shape of the pre-training and RL phases</source>
            <translation>预训练和 RL 阶段的模型结构</translation>
        </message>
        <message>
            <location line="+7" />
            <source>OpenRLHF launch arguments</source>
            <translation>OpenRLHF 启动参数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>the batch, algorithm, trainer layout, GPU pools and vLLM engines of an RL phase (the model comes from its own config.json)</source>
            <translation>RL 阶段的批量、算法、训练端布局、GPU 池和 vLLM 引擎（模型来自它自己的 config.json）</translation>
        </message>
        <message>
            <location line="+8" />
            <source>veRL config</source>
            <translation>veRL 配置</translation>
        </message>
        <message>
            <location line="+1" />
            <source>the batch, algorithm, trainer layout, GPU pools and rollout engine of an RL phase (the model comes from its own config.json)</source>
            <translation>RL 阶段的批量、算法、训练端布局、GPU 池和 rollout 引擎（模型来自它自己的 config.json）</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Megatron-LM launch arguments</source>
            <translation>Megatron-LM 启动参数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>the layout and batch of the pre-training phase</source>
            <translation>预训练阶段的并行布局和批量</translation>
        </message>
        <message>
            <location line="+268" />
            <source>its value comes from outside the script</source>
            <translation>其值来自脚本之外</translation>
        </message>
        <message>
            <location filename="../model/io/importkit.h" line="+20" />
            <source>a value Costlab does not know for this input: the plan's is kept</source>
            <translation>Costlab 不认识该输入的这个取值：保留方案原有的值</translation>
        </message>
        <message>
            <location line="+4" />
            <source>not used by Costlab's cost and memory model</source>
            <translation>Costlab 的成本与显存模型不使用</translation>
        </message>
        <message>
            <location filename="../model/io/megatronargs.cpp" line="-287" />
            <source>Megatron's default when absent</source>
            <translation>未给出时取 Megatron 的默认值</translation>
        </message>
        <message>
            <location line="+30" />
            <source>an elastic node range: its largest count is costed</source>
            <translation>弹性节点范围：按其最大节点数计费</translation>
        </message>
        <message>
            <location line="+12" />
            <source>one process per GPU of the node: the count is not in the script, so the plan's GPU count is kept</source>
            <translation>每个 GPU 一个进程：脚本中没有给出数量，因此保留方案原有的 GPU 数</translation>
        </message>
        <message>
            <location line="+14" />
            <source>nodes × processes (GPUs) per node</source>
            <translation>节点数 × 每节点进程（GPU）数</translation>
        </message>
        <message>
            <location line="+30" />
            <source>layers ÷ (PP × layers per virtual stage)</source>
            <translation>层数 ÷（PP × 每个虚拟阶段的层数）</translation>
        </message>
        <message>
            <location line="+18" />
            <source>Megatron turns it off at TP 1</source>
            <translation>Megatron 在 TP 为 1 时将其关闭</translation>
        </message>
        <message>
            <location line="+6" />
            <source>part of the data-parallel overlap (--overlap-grad-reduce)</source>
            <translation>属于数据并行通信重叠（--overlap-grad-reduce）</translation>
        </message>
        <message>
            <location line="+21" />
            <source>full recompute of every layer is assumed</source>
            <translation>按每层完全重计算估算</translation>
        </message>
        <message>
            <location line="+19" />
            <source>FP16 is costed as BF16</source>
            <translation>FP16 按 BF16 计算成本</translation>
        </message>
        <message>
            <location line="+38" />
            <source>only core_attn, layernorm, moe_act and mla_up_proj are modelled</source>
            <translation>只建模了 core_attn、layernorm、moe_act 和 mla_up_proj</translation>
        </message>
        <message>
            <location line="+39" />
            <source>sequences × sequence length</source>
            <translation>序列数 × 序列长度</translation>
        </message>
        <message>
            <location line="+4" />
            <source>iterations × global batch × sequence length</source>
            <translation>迭代数 × 全局批量 × 序列长度</translation>
        </message>
        <message>
            <location line="+3" />
            <source>samples × sequence length</source>
            <translation>样本数 × 序列长度</translation>
        </message>
        <message>
            <location line="+20" />
            <source>KV heads from --num-query-groups</source>
            <translation>KV 头数取自 --num-query-groups</translation>
        </message>
        <message>
            <location line="+20" />
            <source>the vocabulary comes from the tokenizer: the plan's is kept</source>
            <translation>词表来自分词器：保留计划中的词表</translation>
        </message>
        <message>
            <location line="+21" />
            <source>shared experts = this size ÷ the expert FFN size</source>
            <translation>共享专家数 = 该大小 ÷ 专家 FFN 大小</translation>
        </message>
        <message>
            <location line="+11" />
            <source>memory counted as padded to capacity (an upper bound without padding)</source>
            <translation>显存按填充到容量计算（未填充时为上界）</translation>
        </message>
        <message>
            <location line="+99" />
            <source>MoE layers ÷ all layers</source>
            <translation>MoE 层数 ÷ 总层数</translation>
        </message>
        <message>
            <location line="+7" />
            <source>every N-th layer is MoE</source>
            <translation>每隔 N 层有一层是 MoE</translation>
        </message>
        <message>
            <location line="+3" />
            <source>a layer pattern Costlab does not read: every layer is counted as MoE</source>
            <translation>Costlab 不读取的层模式：所有层都按 MoE 计算</translation>
        </message>
        <message>
            <location filename="../model/io/openrlhf.cpp" line="+131" />
            <location filename="../model/io/verlconfig.cpp" line="+633" />
            <source>nodes × GPUs per node</source>
            <translation>节点数 × 每节点 GPU 数</translation>
        </message>
        <message>
            <location line="+23" />
            <source>asynchronous training keeps the vLLM engines apart</source>
            <translation>异步训练时 vLLM 引擎单独部署</translation>
        </message>
        <message>
            <location line="+6" />
            <source>engines × their tensor parallel size</source>
            <translation>引擎数 × 每个引擎的张量并行度</translation>
        </message>
        <message>
            <location line="+3" />
            <source>colocated: the engines share the actor's GPUs</source>
            <translation>共置：引擎与 actor 共用 GPU</translation>
        </message>
        <message>
            <location line="+8" />
            <source>colocated with the actor</source>
            <translation>与 actor 共置</translation>
        </message>
        <message>
            <location line="+1" />
            <source>a pool of its own is not modelled: its work is counted on the trainer's GPUs</source>
            <translation>未单独建模其 GPU 池：其计算按训练端 GPU 计入</translation>
        </message>
        <message>
            <location line="+19" />
            <location filename="../model/io/verlconfig.cpp" line="-244" />
            <source>the longest prompt is taken as the mean prompt length</source>
            <translation>以最长提示长度作为平均提示长度</translation>
        </message>
        <message>
            <location line="+9" />
            <source>the longest prompt (total − new tokens) is taken as the mean prompt length</source>
            <translation>以最长提示长度（总长度 − 新生成 token 数）作为平均提示长度</translation>
        </message>
        <message>
            <location line="+8" />
            <source>prompt and response together: the response cap is the total less the prompt</source>
            <translation>提示与回复合计：回复长度上限为总长度减去提示长度</translation>
        </message>
        <message>
            <location line="+3" />
            <source>prompt and response together, the prompt not given: the total is taken as the response cap (lower it by the plan's prompt)</source>
            <translation>提示与回复合计，且未给出提示长度：以总长度作为回复长度上限（请减去方案的提示长度）</translation>
        </message>
        <message>
            <location line="+7" />
            <source>mini-batches split the update; the trained tokens, and so the cost, are the same</source>
            <translation>mini-batch 只是拆分更新；训练的 token 数以及费用不变</translation>
        </message>
        <message>
            <location line="+4" />
            <location filename="../model/io/verlconfig.cpp" line="+27" />
            <source>each episode is costed as trained once</source>
            <translation>每个回合按训练一次计费</translation>
        </message>
        <message>
            <location line="+6" />
            <location line="+2" />
            <source>samples ÷ rollout batch × episodes</source>
            <translation>样本数 ÷ rollout 批大小 × 轮次（episodes）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>an agent loop: set the turns and environments of the plan yourself</source>
            <translation>智能体循环：请自行设置方案的交互轮数和环境</translation>
        </message>
        <message>
            <location line="+7" />
            <source>the model's shape comes from its config.json: import that file too</source>
            <translation>模型结构来自它的 config.json：请同时导入该文件</translation>
        </message>
        <message>
            <location line="+4" />
            <source>ring attention (context parallelism) is not modelled for RL trainers</source>
            <translation>未对 RL 训练端建模环形注意力（上下文并行）</translation>
        </message>
        <message>
            <location line="+12" />
            <location filename="../model/io/verlconfig.cpp" line="+34" />
            <source>a critic-free estimator, costed as GRPO</source>
            <translation>无 critic 的优势估计，按 GRPO 计费</translation>
        </message>
        <message>
            <location line="+3" />
            <source>the KL coefficient is --init_kl_coef</source>
            <translation>KL 系数取 --init_kl_coef</translation>
        </message>
        <message>
            <location line="+27" />
            <source>DeepSpeed keeps an FP32 gradient partition: 2 + 2 + 16 bytes per parameter, the FP16-with-FP32-copy preset</source>
            <translation>DeepSpeed 保留一份 FP32 梯度分片：每参数 2 + 2 + 16 字节，即“FP16 + FP32 梯度副本”预设</translation>
        </message>
        <message>
            <location filename="../model/io/verlconfig.cpp" line="-297" />
            <source>its value comes from outside the file</source>
            <translation>其值来自文件之外</translation>
        </message>
        <message>
            <location line="+218" />
            <source>veRL's default when absent</source>
            <translation>缺省时取 veRL 的默认值</translation>
        </message>
        <message>
            <location line="+10" />
            <source>0: ppo_mini_batch_size × require_batches per step</source>
            <translation>为 0：每步取 ppo_mini_batch_size × require_batches 个提示</translation>
        </message>
        <message>
            <location line="+13" />
            <source>follows data.max_*_length</source>
            <translation>跟随 data.max_*_length</translation>
        </message>
        <message>
            <location line="+9" />
            <source>single-turn rollouts</source>
            <translation>单轮 rollout</translation>
        </message>
        <message>
            <location line="+25" />
            <source>the larger log-prob micro-batch sets the memory peak</source>
            <translation>以较大的对数概率微批次决定显存峰值</translation>
        </message>
        <message>
            <location line="+4" />
            <source>the training micro-batch</source>
            <translation>训练微批次</translation>
        </message>
        <message>
            <location line="+6" />
            <source>epochs need the dataset size: set trainer.total_training_steps</source>
            <translation>按轮数计需要数据集大小：请设置 trainer.total_training_steps</translation>
        </message>
        <message>
            <location line="+17" />
            <source>KL as a loss: the reference model runs</source>
            <translation>KL 作为损失项：需要运行参考模型</translation>
        </message>
        <message>
            <location line="+5" />
            <source>KL in the reward: the reference model runs</source>
            <translation>KL 计入奖励：需要运行参考模型</translation>
        </message>
        <message>
            <location line="+5" />
            <source>no KL term: no reference model</source>
            <translation>没有 KL 项：不需要参考模型</translation>
        </message>
        <message>
            <location line="+40" />
            <source>FSDP: no tensor or pipeline parallelism</source>
            <translation>FSDP：没有张量并行或流水线并行</translation>
        </message>
        <message>
            <location line="+28" />
            <source>Megatron's recompute granularity is used</source>
            <translation>使用 Megatron 的重计算粒度</translation>
        </message>
        <message>
            <location line="+27" />
            <source>not the actor's strategy section</source>
            <translation>不是 actor 所用策略的配置段</translation>
        </message>
        <message>
            <location line="+47" />
            <location line="+3" />
            <source>trigger_parameter_sync_step × (1 + staleness_threshold)</source>
            <translation>trigger_parameter_sync_step × (1 + staleness_threshold)</translation>
        </message>
        <message>
            <location line="+36" />
            <source>the vLLM engine Costlab's rollout model follows</source>
            <translation>即 Costlab 的 rollout 模型所依据的 vLLM 引擎</translation>
        </message>
        <message>
            <location line="+2" />
            <source>costed as a vLLM-style engine</source>
            <translation>按 vLLM 类推理引擎计费</translation>
        </message>
        <message>
            <location line="+11" />
            <source>read with enable_sleep_mode</source>
            <translation>与 enable_sleep_mode 一起读取</translation>
        </message>
        <message>
            <location line="+4" />
            <source>the rollout server mode; the training pipeline comes from the recipe</source>
            <translation>rollout 服务模式；训练流水线由所用方案（recipe）决定</translation>
        </message>
        <message>
            <location line="+7" />
            <source>not a rollout precision Costlab costs</source>
            <translation>不是 Costlab 计费的 rollout 精度</translation>
        </message>
        <message>
            <location line="+14" />
            <source>the truncation cap of the correction</source>
            <translation>校正的截断上限</translation>
        </message>
        <message>
            <location line="+17" />
            <source>Hydra's defaults list: the files it names are not read</source>
            <translation>Hydra 的 defaults 列表：其中列出的文件不会被读取</translation>
        </message>
    </context>
    <context>
        <name>costlab::ImportDialog</name>
        <message>
            <location filename="../widgets/transfer/importdialog.cpp" line="+36" />
            <source>read</source>
            <translation>已读取</translation>
        </message>
        <message>
            <location line="+2" />
            <source>derived</source>
            <translation>已推导</translation>
        </message>
        <message>
            <location line="+2" />
            <source>approximated</source>
            <translation>近似</translation>
        </message>
        <message>
            <location line="+2" />
            <source>ignored</source>
            <translation>已忽略</translation>
        </message>
        <message>
            <location line="+14" />
            <source>yes</source>
            <translation>是</translation>
        </message>
        <message>
            <location line="+0" />
            <source>no</source>
            <translation>否</translation>
        </message>
        <message>
            <location line="+38" />
            <source>Import %1 — %2</source>
            <translation>导入 %1 — %2</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Import — %1</source>
            <translation>导入 — %1</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Apply to</source>
            <translation>应用到</translation>
        </message>
        <message>
            <location line="+16" />
            <source>Inputs to apply:</source>
            <translation>将应用的输入：</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Parameter</source>
            <translation>参数</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Value</source>
            <translation>数值</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Every key of the file (used ones first, then in file order):</source>
            <translation>文件中的每个键（先列已使用的，其余按文件顺序）：</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Key</source>
            <translation>键</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Line</source>
            <translation>行</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Outcome</source>
            <translation>处理</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Detail</source>
            <translation>说明</translation>
        </message>
        <message>
            <location line="+5" />
            <source>&amp;Import</source>
            <translation>导入(&amp;I)</translation>
        </message>
        <message>
            <location line="+25" />
            <source>%1: %2.</source>
            <translation>%1：%2。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>A model of %1 parameters, %2 active per token.</source>
            <translation>模型共 %1 参数，每个 token 激活 %2。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>A model of %1 parameters.</source>
            <translation>模型共 %1 参数。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 (%2): %3 parameters, %4 active per token.</source>
            <translation>%1（%2）：%3 参数，每个 token 激活 %4。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>%1 (%2): %3 parameters.</source>
            <translation>%1（%2）：%3 参数。</translation>
        </message>
        <message>
            <location line="+84" />
            <source>Reading %1…</source>
            <translation>正在读取 %1…</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Import</source>
            <translation>导入</translation>
        </message>
        <message>
            <location line="+28" />
            <source>%1 cannot be read: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <location line="+12" />
            <location line="+23" />
            <location line="+10" />
            <source>Import failed</source>
            <translation>导入失败</translation>
        </message>
        <message>
            <location line="-16" />
            <source>%1 is not a format Costlab reads (%2); nothing was changed.</source>
            <translation>%1 不是 Costlab 能读取的格式（%2）；未做任何更改。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>, </source>
            <translation>、</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 was read as a %2 and holds errors; nothing was changed.</source>
            <translation>%1 按 %2 读取，但其中有错误；未做任何更改。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Import %1</source>
            <translation>导入 %1</translation>
        </message>
    </context>
    <context>
        <name>costlab::Layout</name>
        <message>
            <location filename="../widgets/common/labels.cpp" line="+144" />
            <source>TP %1 × PP %2 × CP %3 = %4 does not divide %5 GPUs</source>
            <translation>TP %1 × PP %2 × CP %3 = %4 不能整除 %5 个 GPU</translation>
        </message>
        <message>
            <location line="+4" />
            <source>the global batch of %1 sequences is smaller than micro-batch %2 × DP %3 = %4</source>
            <translation>全局批量 %1 个序列小于 微批次 %2 × DP %3 = %4</translation>
        </message>
        <message>
            <location line="+5" />
            <source>EP %1 does not divide the %2 routed experts</source>
            <translation>EP %1 不能整除 %2 个路由专家</translation>
        </message>
        <message>
            <location line="+4" />
            <source>EP %1 × ETP %2 = %3 does not divide the %4 GPUs of a pipeline stage (TP %5 × CP %6 × DP %7)</source>
            <translation>EP %1 × ETP %2 = %3 不能整除一个流水线阶段的 %4 个 GPU（TP %5 × CP %6 × DP %7）</translation>
        </message>
        <message>
            <location line="+5" />
            <source>TP %1 does not divide the %2 attention heads</source>
            <translation>TP %1 不能整除 %2 个注意力头</translation>
        </message>
        <message>
            <location line="+4" />
            <source>the FSDP shard group of %1 does not divide the %2 data-parallel ranks</source>
            <translation>FSDP 分片组大小 %1 不能整除 %2 个数据并行 rank</translation>
        </message>
        <message>
            <location line="+5" />
            <source>the model has %1 KV heads but only %2 attention heads</source>
            <translation>模型有 %1 个 KV 头，但只有 %2 个注意力头</translation>
        </message>
        <message>
            <location line="+4" />
            <source>%1 KV heads do not divide the %2 attention heads into equal GQA groups</source>
            <translation>%1 个 KV 头不能把 %2 个注意力头均分为 GQA 组</translation>
        </message>
        <message>
            <location line="+5" />
            <source>%1 attention heads do not divide hidden size %2; give the head dimension</source>
            <translation>%1 个注意力头不能整除隐藏维度 %2；请给出头维度</translation>
        </message>
        <message>
            <location line="+5" />
            <source>%1 experts per token is more than the %2 routed experts</source>
            <translation>每 token %1 个专家，多于 %2 个路由专家</translation>
        </message>
        <message>
            <location line="+4" />
            <source>target loss %1 is at or below %2, the law's floor at this model size: no amount of data reaches it; raise the target or the model size</source>
            <translation>目标损失 %1 不高于 %2，即该定律在此模型规模下的下限：再多数据也达不到；请提高目标或增大模型</translation>
        </message>
        <message>
            <location line="+6" />
            <source>target score %1 is at or above %2, the curve's asymptote: this recipe does not reach it at any compute</source>
            <translation>目标得分 %1 不低于 %2，即曲线的渐近值：此配方在任何算力下都达不到</translation>
        </message>
        <message>
            <location line="+15" />
            <source>long-context stage (%1 tokens): %2</source>
            <translation>长上下文阶段（%1 tokens）：%2</translation>
        </message>
        <message>
            <location line="+8" />
            <source>predicted from the layout</source>
            <translation>由并行布局预测</translation>
        </message>
        <message>
            <location line="+2" />
            <source>pinned</source>
            <translation>固定值</translation>
        </message>
        <message>
            <location line="+2" />
            <source>from measured TFLOP/s</source>
            <translation>来自实测 TFLOP/s</translation>
        </message>
        <message>
            <location line="+2" />
            <source>from measured tokens/s</source>
            <translation>来自实测 tokens/s</translation>
        </message>
        <message>
            <location line="+2" />
            <source>catalog default</source>
            <translation>价目表默认值</translation>
        </message>
    </context>
    <context>
        <name>costlab::Lesson</name>
        <message>
            <location line="-153" />
            <source>Expected cost of %1</source>
            <translation>%1 的期望成本</translation>
        </message>
        <message>
            <location line="+2" />
            <source>P(%1)</source>
            <translation>P(%1)</translation>
        </message>
    </context>
    <context>
        <name>costlab::LessonBar</name>
        <message>
            <location filename="../widgets/lesson/lessonbar.cpp" line="+62" />
            <source>Step %1 of %2</source>
            <translation>第 %1 步，共 %2 步</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Reveal ▶</source>
            <translation>揭晓 ▶</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Next ▶</source>
            <translation>下一步 ▶</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Finish ▶</source>
            <translation>完成 ▶</translation>
        </message>
        <message>
            <location line="+5" />
            <source>%1:%2 of %3 min</source>
            <translation>%1:%2 / %3 分钟</translation>
        </message>
        <message>
            <location line="+34" />
            <source>◀ Previous</source>
            <translation>◀ 上一步</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Previous step (Page Up)</source>
            <translation>上一步（Page Up）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Reset step</source>
            <translation>重置本步</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Back to the step's starting plan and an open question (R)</source>
            <translation>回到本步的初始方案，重新作答（R）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Reveal, then the next step (Page Down)</source>
            <translation>揭晓，然后进入下一步（Page Down）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>A−</source>
            <translation>A−</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Smaller type (Ctrl+−)</source>
            <translation>缩小字号（Ctrl+−）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>A+</source>
            <translation>A+</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Larger type, 100–200 % (Ctrl+=)</source>
            <translation>放大字号，100–200 %（Ctrl+=）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Projector colours</source>
            <translation>投影配色</translation>
        </message>
        <message>
            <location line="+1" />
            <source>High-contrast black on white for projectors</source>
            <translation>适合投影仪的白底黑字高对比度配色</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Ledger…</source>
            <translation>记录表…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Every prediction and revealed value so far; export as CSV</source>
            <translation>到目前为止的每个预测和揭晓值；可导出为 CSV</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Leave lesson</source>
            <translation>退出课程</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Leave the lesson and put the plan back as it was (Esc)</source>
            <translation>退出课程，并把方案恢复原样（Esc）</translation>
        </message>
    </context>
    <context>
        <name>costlab::LessonStepController</name>
        <message>
            <location filename="../widgets/lesson/lessonstepcontroller.cpp" line="+71" />
            <source>Lesson step %1</source>
            <translation>课程第 %1 步</translation>
        </message>
        <message>
            <location line="+104" />
            <location line="+2" />
            <source>Lesson: reveal</source>
            <translation>课程：揭晓</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Could not write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
    </context>
    <context>
        <name>costlab::LessonStepDialog</name>
        <message>
            <location filename="../widgets/lesson/lessonstepdialog.cpp" line="+83" />
            <source>New lesson step from the current plan</source>
            <translation>用当前方案新建课程步骤</translation>
        </message>
        <message numerus="yes">
            <location line="+3" />
            <source>The step starts from the plan as it is now and shows the %n parameter(s) the parameter filter shows. Write the question the room answers before the reveal.</source>
            <translation>
                <numerusform>该步骤从当前方案开始，显示参数筛选框中显示的 %n 个参数。请写下大家在揭晓前要回答的问题。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+9" />
            <source>Browse…</source>
            <translation>浏览…</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Lesson file:</source>
            <translation>课程文件：</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Used when the file is new</source>
            <translation>新建文件时使用</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Lesson title:</source>
            <translation>课程标题：</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Step title:</source>
            <translation>步骤标题：</translation>
        </message>
        <message>
            <location line="+2" />
            <source>By what factor does it change?</source>
            <translation>变为原来的多少倍？</translation>
        </message>
        <message>
            <location line="+1" />
            <source>What is the value?</source>
            <translation>数值是多少？</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Question kind:</source>
            <translation>问题类型：</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Measured:</source>
            <translation>衡量指标：</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Question:</source>
            <translation>问题：</translation>
        </message>
        <message>
            <location line="+21" />
            <source>New value, in the parameter's unit (now %1)</source>
            <translation>新值，使用参数的单位（当前为 %1）</translation>
        </message>
        <message>
            <location line="+5" />
            <source>At the reveal, set:</source>
            <translation>揭晓时设置：</translation>
        </message>
        <message>
            <location line="+1" />
            <source>to:</source>
            <translation>为：</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Answer factors:</source>
            <translation>答案倍数：</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Smallest prediction:</source>
            <translation>最小预测值：</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Largest prediction:</source>
            <translation>最大预测值：</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Said at the reveal:</source>
            <translation>揭晓时的讲解：</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Optional; {gpu_hours}, {total_cost}, {param:ID} show live numbers</source>
            <translation>可选；{gpu_hours}、{total_cost}、{param:ID} 显示实时数值</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Formula:</source>
            <translation>公式：</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Cost breakdown</source>
            <translation>费用构成</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Memory per GPU</source>
            <translation>每块 GPU 的显存</translation>
        </message>
        <message>
            <location line="+1" />
            <source>RL utilisation</source>
            <translation>RL 利用率</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Cumulative spend</source>
            <translation>累计支出</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Cost distribution</source>
            <translation>费用分布</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Target: loss law or RL curve</source>
            <translation>目标：损失定律或 RL 曲线</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Chart:</source>
            <translation>图表：</translation>
        </message>
        <message>
            <location line="+39" />
            <source>Give 2 to 4 positive answer factors, e.g. 0.5, 1, 2, 4.</source>
            <translation>请给出 2 到 4 个正的答案倍数，例如 0.5, 1, 2, 4。</translation>
        </message>
        <message>
            <location line="+22" />
            <source>The engine's value %1 lies outside the prediction bounds.</source>
            <translation>引擎的数值 %1 超出了预测范围。</translation>
        </message>
        <message>
            <location line="+28" />
            <source>The step needs a title, a question and what is said at the reveal.</source>
            <translation>步骤需要标题、问题和揭晓时的讲解。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>The engine cannot answer this yet: %1</source>
            <translation>引擎暂时无法回答：%1</translation>
        </message>
        <message>
            <location line="+4" />
            <source>The engine's answer now: ×%1, nearest option ×%2.</source>
            <translation>引擎当前的答案：×%1，最接近的选项 ×%2。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>The engine's value now: %1.</source>
            <translation>引擎当前的数值：%1。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Lesson file</source>
            <translation>课程文件</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Costlab lessons (*.costlab-lesson.json)</source>
            <translation>Costlab 课程 (*.costlab-lesson.json)</translation>
        </message>
        <message>
            <location line="+18" />
            <source>%1 is not a lesson Costlab can read, so nothing was added: %2</source>
            <translation>%1 不是 Costlab 能读取的课程，因此没有添加任何内容：%2</translation>
        </message>
        <message>
            <location line="+15" />
            <source>The lesson already has the most steps a lesson may have.</source>
            <translation>该课程的步骤数已达上限。</translation>
        </message>
    </context>
    <context>
        <name>costlab::LessonView</name>
        <message>
            <location filename="../widgets/lesson/lessonview.cpp" line="+111" />
            <source>Give a prediction first: choose an option (keys 1–4) or enter a number. Page Down again reveals without one. The controls unlock after the reveal.</source>
            <translation>请先给出预测：选择一个选项（按键 1–4）或输入一个数。再按一次 Page Down 可不预测直接揭晓。揭晓后控件才会解锁。</translation>
        </message>
        <message>
            <location line="+366" />
            <source>Show the formula</source>
            <translation>显示公式</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Glossary…</source>
            <translation>术语表…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The field's terms in plain words (F1)</source>
            <translation>用通俗的话解释领域术语（F1）</translation>
        </message>
        <message>
            <location line="+1" />
            <location filename="../widgets/lesson/lessonviewsteps.cpp" line="+192" />
            <source>Controls</source>
            <translation>控件</translation>
        </message>
        <message>
            <location filename="../widgets/lesson/lessonviewsteps.cpp" line="-1" />
            <source>Controls (locked until the prediction)</source>
            <translation>控件（给出预测前锁定）</translation>
        </message>
        <message>
            <location line="+47" />
            <source>This step cannot be shown: %1</source>
            <translation>无法显示这一步：%1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>This plan is not priced. Press R to reset the step.</source>
            <translation>该方案无法计价。按 R 重置本步。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Out of memory: the plan does not fit on the GPUs (P(OOM) %1). Undo the last change (Ctrl+Z) or reset the step (R).</source>
            <translation>显存溢出：方案放不进 GPU（P(OOM) %1）。撤销上一次修改（Ctrl+Z）或重置本步（R）。</translation>
        </message>
        <message>
            <location line="+22" />
            <source>Lock in and reveal (Page Down)</source>
            <translation>确定并揭晓（Page Down）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Give a prediction to reveal</source>
            <translation>给出预测后才能揭晓</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Prediction: %1. Page Down reveals the engine's answer.</source>
            <translation>预测：%1。按 Page Down 揭晓引擎的答案。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Predict first: the controls unlock after the reveal.</source>
            <translation>请先预测：揭晓答案后控件才会解锁。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>⊘ Revealed without a prediction. Actual: %1.</source>
            <translation>⊘ 未预测即揭晓。实际：%1。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>You said %1. Actual: %2. Right!</source>
            <translation>你的预测：%1。实际：%2。答对了！</translation>
        </message>
        <message>
            <location line="+0" />
            <source>You said %1. Actual: %2.</source>
            <translation>你的预测：%1。实际：%2。</translation>
        </message>
        <message>
            <location line="+41" />
            <source>(none)</source>
            <translation>（无）</translation>
        </message>
        <message>
            <location line="+18" />
            <source>Ledger: predictions and revealed values</source>
            <translation>记录表：预测与揭晓值</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Step</source>
            <translation>步骤</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Prediction</source>
            <translation>预测</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Actual</source>
            <translation>实际</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Right</source>
            <translation>正确</translation>
        </message>
        <message>
            <location line="+6" />
            <source>no prediction</source>
            <translation>未预测</translation>
        </message>
        <message>
            <location line="+1" />
            <source>yes</source>
            <translation>是</translation>
        </message>
        <message>
            <location line="+1" />
            <source>no</source>
            <translation>否</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Export CSV…</source>
            <translation>导出 CSV…</translation>
        </message>
        <message>
            <location line="+3" />
            <location line="+4" />
            <source>Export ledger</source>
            <translation>导出记录表</translation>
        </message>
        <message>
            <location line="-3" />
            <source>CSV files (*.csv)</source>
            <translation>CSV 文件 (*.csv)</translation>
        </message>
    </context>
    <context>
        <name>costlab::LessonsDialog</name>
        <message>
            <location filename="../widgets/lesson/lessonsdialog.cpp" line="-257" />
            <source>Workshops</source>
            <translation>工作坊</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Each lesson asks the room to predict, then reveals what the engine computes. Drive it with Page Down / Page Up (or a presentation clicker), R to reset a step, B to blank the screen, Esc to leave; F11 for full screen.</source>
            <translation>每节课先请大家预测，再揭晓引擎的计算结果。用 Page Down / Page Up（或演示翻页笔）操作，R 重置当前步骤，B 黑屏，Esc 退出；F11 全屏。</translation>
        </message>
        <message>
            <location line="+19" />
            <source>&amp;Start lesson</source>
            <translation>开始课程(&amp;S)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Open lesson &amp;file…</source>
            <translation>打开课程文件(&amp;F)…</translation>
        </message>
        <message>
            <location line="+4" />
            <source>&amp;Add file to library…</source>
            <translation>把文件加入场景库(&amp;A)…</translation>
        </message>
        <message>
            <location line="+3" />
            <location line="+4" />
            <source>Add lesson to library</source>
            <translation>把课程加入场景库</translation>
        </message>
        <message>
            <location line="-3" />
            <location line="+131" />
            <source>Costlab lessons (*.costlab-lesson.json)</source>
            <translation>Costlab 课程 (*.costlab-lesson.json)</translation>
        </message>
        <message>
            <location line="-126" />
            <source>&amp;Remove from library</source>
            <translation>从场景库移除(&amp;R)</translation>
        </message>
        <message>
            <location line="+39" />
            <source>%1 (%2 min)</source>
            <translation>%1（%2 分钟）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1 (does not load)</source>
            <translation>%1（无法加载）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Library: %1</source>
            <translation>场景库：%1</translation>
        </message>
        <message numerus="yes">
            <location line="+5" />
            <source>%n lesson(s), %1 minutes in all</source>
            <translation>
                <numerusform>共 %n 节课，%1 分钟</numerusform>
            </translation>
        </message>
        <message>
            <location line="+12" />
            <location line="+74" />
            <source>%1 is not a lesson Costlab can run:
%2</source>
            <translation>%1 不是 Costlab 能运行的课程：
%2</translation>
        </message>
        <message>
            <location line="-68" />
            <source>Could not read %1: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <location line="+16" />
            <source>Remove from library</source>
            <translation>从场景库移除</translation>
        </message>
        <message>
            <location line="+8" />
            <source>No lessons were found. Open a lesson file instead.</source>
            <translation>没有找到课程。请改为打开课程文件。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>This lesson file does not load:
%1</source>
            <translation>该课程文件无法加载：
%1</translation>
        </message>
        <message>
            <location line="+10" />
            <source>%1

For: %2

%3

Steps:
%4</source>
            <translation>%1

适合：%2

%3

步骤：
%4</translation>
        </message>
        <message>
            <location line="+16" />
            <location line="+6" />
            <source>Open lesson</source>
            <translation>打开课程</translation>
        </message>
    </context>
    <context>
        <name>costlab::Lever</name>
        <message>
            <location filename="../model/analysis/levers.cpp" line="+17" />
            <source>No candidate value lowers this plan's cost.</source>
            <translation>没有候选取值能降低此计划的成本。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>The plan has no RL post-training phase.</source>
            <translation>计划中没有强化学习后训练阶段。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>The plan has no training phase that writes checkpoints.</source>
            <translation>计划中没有写检查点的训练阶段。</translation>
        </message>
        <message>
            <location line="+118" />
            <source>Idle environment instances are already released.</source>
            <translation>空闲的环境实例已经释放。</translation>
        </message>
        <message>
            <location line="+25" />
            <source>Rollout and training already share one pool.</source>
            <translation>采样与训练已共用一个算力池。</translation>
        </message>
        <message>
            <location line="+37" />
            <source>Every environment already runs on the cheapest catalog instance with its vCPUs and memory.</source>
            <translation>每个环境已运行在价目表中满足其 vCPU 与内存的最便宜实例上。</translation>
        </message>
        <message>
            <location line="+22" />
            <source>Trajectories and milestones already leave the hot tier within a week and three days.</source>
            <translation>轨迹与里程碑快照已分别在一周和三天内离开热存储层。</translation>
        </message>
        <message>
            <location line="+22" />
            <source>Only two checkpoints and no milestones are kept already.</source>
            <translation>已只保留两个检查点且不保留里程碑。</translation>
        </message>
        <message>
            <location line="+21" />
            <source>Every RL phase already runs asynchronously.</source>
            <translation>所有强化学习阶段已异步运行。</translation>
        </message>
        <message>
            <location line="+23" />
            <source>The plan has no rollout or evaluation engines.</source>
            <translation>计划中没有采样或评测推理引擎。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>The plan logs no environment steps.</source>
            <translation>计划不记录环境步骤日志。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Step records are already sampled at 10 % or less.</source>
            <translation>步骤记录已按 10 % 或更低比例采样。</translation>
        </message>
        <message>
            <location line="+15" />
            <source>No evaluation phase leaves environments running after use.</source>
            <translation>没有评测阶段在使用后让环境继续运行。</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Environments are already defined as code.</source>
            <translation>环境已用代码定义。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The plan has no environment engineering or maintenance staff.</source>
            <translation>计划中没有环境开发或运维人力。</translation>
        </message>
        <message>
            <location line="+29" />
            <source>Rollouts already run at INT4 with correction.</source>
            <translation>采样已以带校正的 INT4 运行。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Checkpoints are already taken at the Young/Daly optimum.</source>
            <translation>检查点已按 Young/Daly 最优间隔保存。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Checkpoints are already written asynchronously.</source>
            <translation>检查点已异步写入。</translation>
        </message>
        <message>
            <location line="+25" />
            <source>No phase's accelerator has a spot price in the catalog.</source>
            <translation>价目表中没有任何阶段的加速卡有竞价价格。</translation>
        </message>
        <message>
            <location line="+27" />
            <source>The plan has no training phase.</source>
            <translation>计划中没有训练阶段。</translation>
        </message>
        <message>
            <location line="+15" />
            <source>No phase buys on-demand GPUs that could be reserved.</source>
            <translation>没有阶段按需购买可改为预留的 GPU。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Release idle environment instances</source>
            <translation>释放空闲环境实例</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Stop environment instances while no episode needs them (training, weight sync) and start them for the next rollout.</source>
            <translation>在没有回合需要时（训练、权重同步期间）停止环境实例，下一轮采样时再启动。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>RL phases whose environment workers idle part of each iteration.</source>
            <translation>环境 worker在每次迭代中有空闲时间的强化学习阶段。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Released instances must be bought again every iteration; in a shortage rollouts wait for them.</source>
            <translation>释放的实例每次迭代都要重新购买；资源紧张时采样需等待它们。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>One billed boot per iteration (assumptions.instance_boot_s); environments that keep state between iterations need it restored.</source>
            <translation>每次迭代计费一次启动（assumptions.instance_boot_s）；在迭代间保留状态的环境需要恢复状态。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Pool rollout and training GPUs</source>
            <translation>采样与训练 GPU 池化</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Run rollout engines and the trainer on one pool that time-shares them (the engine sleeps while the trainer runs), instead of two pools that wait for each other.</source>
            <translation>让推理引擎与训练端在一个分时复用的池上运行（训练时引擎休眠），而不是两个相互等待的池。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>RL phases with disaggregated rollout and trainer pools.</source>
            <translation>rollout 池与训练端池分离的强化学习阶段。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Both roles now live on the same GPUs: the trainer's state and the engine's KV cache compete for memory.</source>
            <translation>两种角色位于同一批 GPU 上：训练端状态与引擎的 KV 缓存争用显存。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Adds the switch time per iteration (assumptions.colocate_switch_s).</source>
            <translation>每次迭代增加切换时间（assumptions.colocate_switch_s）。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Light environments on CPU instances</source>
            <translation>轻量环境改用 CPU 实例</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Move environment workers to the cheapest catalog instance that gives each environment the same vCPUs and memory, without an accelerator.</source>
            <translation>把环境 worker迁到价目表中为每个环境提供相同 vCPU 与内存、且不含加速卡的最便宜实例。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Environments on a GPU instance or a dearer instance per environment.</source>
            <translation>运行在 GPU 实例上或单个环境成本更高实例上的环境。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Only for environments that need no accelerator (code execution, tools, text).</source>
            <translation>仅适用于不需要加速卡的环境（代码执行、工具调用、文本）。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Hot/cold tiering of replay data and milestones</source>
            <translation>回放数据与里程碑的冷热分层</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Keep one week of RL trajectories and three days of milestone checkpoints on the hot tier; older data moves to archive storage.</source>
            <translation>热存储层只保留一周的强化学习轨迹和三天的里程碑检查点；更早的数据沉降到归档存储。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Trajectories or milestones stay hot longer than that.</source>
            <translation>轨迹或里程碑在热存储层停留时间超过上述期限。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Archived data takes hours to restore (S3 Glacier Flexible Retrieval: minutes to 12 h).</source>
            <translation>归档数据恢复需要数小时（S3 Glacier Flexible Retrieval：数分钟至 12 小时）。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Prune intermediate checkpoints</source>
            <translation>清理中间检查点</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Keep the two newest checkpoints and half as many milestones.</source>
            <translation>保留最新的两个检查点，里程碑减半。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>More than two checkpoints or any milestones are kept.</source>
            <translation>保留了两个以上检查点或任何里程碑。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Fewer rollback points: an unusable checkpoint or a late-found divergence rolls back further (article §5).</source>
            <translation>可回滚点变少：检查点不可用或发散发现较晚时需回滚更远（文章第五节）。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Asynchronous environments</source>
            <translation>环境异步化</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Producer–consumer pipeline: rollouts and environments run one policy version ahead of the trainer instead of waiting for each other.</source>
            <translation>生产-消费流水线：采样与环境领先训练端一个策略版本运行，而不是相互等待。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>RL phases with a synchronous pipeline.</source>
            <translation>使用同步流水线的强化学习阶段。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Off-policy data: one version of staleness raises the collapse hazard (assumptions.staleness_hazard).</source>
            <translation>离策略数据：一个版本的滞后会提高崩溃风险率（assumptions.staleness_hazard）。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Batch rollout inference across environments</source>
            <translation>跨环境批量采样推理</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Let each inference engine batch more concurrent sequences (max_num_seqs ×2, ×4 or ×8; the KV cache still bounds it).</source>
            <translation>让每个推理引擎批处理更多并发序列（max_num_seqs ×2、×4 或 ×8；仍受 KV 缓存限制）。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Rollout or evaluation engines whose batch cap limits concurrency.</source>
            <translation>批大小上限限制了并发的采样或评测引擎。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Larger batches hold more KV cache per GPU.</source>
            <translation>更大的批次在每块 GPU 上占用更多 KV 缓存。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Sampled logging with full traces for anomalies</source>
            <translation>日志采样，异常回合全量追踪</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Keep one routine step record in ten; trace at least 1 % of episodes (anomalous or high-reward) in full.</source>
            <translation>常规步骤记录每十条保留一条；至少 1 % 的回合（异常或高奖励）全量追踪。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Environment steps are logged at more than 10 %.</source>
            <translation>环境步骤日志采样率高于 10 %。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Routine steps can no longer be replayed one by one.</source>
            <translation>常规步骤不能再逐条回放。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Destroy test environments after use</source>
            <translation>测试环境即用即毁</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Tear evaluation environments down as soon as a run ends.</source>
            <translation>评测运行一结束就销毁评测环境。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Evaluation phases whose environments idle after each run.</source>
            <translation>每次运行后环境仍空闲运行的评测阶段。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Infrastructure as code</source>
            <translation>基础设施即代码</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Define environments with a general orchestration tool so they are started and destroyed by script.</source>
            <translation>用通用编排工具定义环境，由脚本拉起和销毁。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Plans with environment types to build or maintenance staff.</source>
            <translation>需要开发环境类型或有运维人力的计划。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>The effort saved is an assumption (assumptions.iac_effort_factor).</source>
            <translation>节省的工作量是一个假设（assumptions.iac_effort_factor）。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Lower rollout precision, with correction</source>
            <translation>降低采样精度（带校正）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Generate rollouts in FP8, INT8 or INT4 with truncated importance sampling; the cheapest precision within the risk limits.</source>
            <translation>以 FP8、INT8 或 INT4 生成采样并使用截断重要性采样；选择风险上限内最便宜的精度。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>RL phases with BF16 rollouts or without correction.</source>
            <translation>使用 BF16 采样或未启用校正的强化学习阶段。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Over-compressed rollouts distort the RL signal: collapse, or a run that never converges (article §5).</source>
            <translation>过度压缩的采样会扭曲强化学习信号：崩溃，或永不收敛（文章第五节）。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Checkpoint at the Young/Daly optimum</source>
            <translation>按 Young/Daly 最优间隔保存检查点</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Take checkpoints at the interval that minimises stall plus lost work for the phase's failure rate (Daly 2006).</source>
            <translation>按使该阶段故障率下停顿与丢失工作之和最小的间隔保存检查点（Daly 2006）。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Plans with a fixed checkpoint interval.</source>
            <translation>使用固定检查点间隔的计划。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>A longer interval than now loses more work per failure.</source>
            <translation>比现在更长的间隔会使每次故障丢失更多工作。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Asynchronous checkpoints</source>
            <translation>异步检查点</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Write checkpoints in the background: only the copy to host memory stalls training.</source>
            <translation>在后台写检查点：只有拷贝到主机内存时会停顿训练。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Plans that write checkpoints synchronously.</source>
            <translation>同步写检查点的计划。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Needs host memory for one copy of the shard.</source>
            <translation>需要能容纳一份分片的主机内存。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Buy part of the GPUs as spot</source>
            <translation>部分 GPU 改用竞价实例</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Buy a quarter or half of each phase's GPU-hours as spot instances.</source>
            <translation>把每个阶段四分之一或一半的 GPU 小时以竞价实例购买。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Phases whose accelerator has a spot price.</source>
            <translation>加速卡有竞价价格的阶段。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Spot capacity can be missing or taken back: reserved GPUs then wait (article §5).</source>
            <translation>竞价容量可能缺货或被回收：预留 GPU 随之等待（文章第五节）。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Recompute and micro-batch</source>
            <translation>重计算与微批次</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Choose activation recompute and micro-batch per training phase for the lowest cost.</source>
            <translation>为每个训练阶段选择成本最低的激活重计算方式与微批次。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Pre-training and RL trainer phases.</source>
            <translation>预训练与强化学习训练端阶段。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Less recompute or a larger micro-batch needs more memory: the run may not start (article §5).</source>
            <translation>减少重计算或增大微批次需要更多显存：任务可能无法启动（文章第五节）。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Reserve instead of on-demand</source>
            <translation>以预留代替按需</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Buy the on-demand share of each phase as reserved capacity.</source>
            <translation>把每个阶段按需购买的部分改为预留容量。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Phases that buy GPUs on demand.</source>
            <translation>按需购买 GPU 的阶段。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Reserved capacity is a commitment: paid whether it is used or not.</source>
            <translation>预留容量是一种承诺：无论是否使用都要付费。</translation>
        </message>
        <message>
            <location line="+28" />
            <source>None</source>
            <translation>无</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Precision loss</source>
            <translation>精度损失</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Stability (OOM)</source>
            <translation>稳定性（OOM）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Insufficient capacity</source>
            <translation>容量不足</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Safety and recovery</source>
            <translation>安全与恢复</translation>
        </message>
    </context>
    <context>
        <name>costlab::LeversPanel</name>
        <message>
            <location filename="../widgets/analysis/leverspanel.cpp" line="+272" />
            <location line="+35" />
            <source>%1: %2 → %3</source>
            <translation>%1：%2 → %3</translation>
        </message>
        <message>
            <location line="-31" />
            <source>No risk moves noticeably.</source>
            <translation>没有风险明显变化。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>on</source>
            <translation>开</translation>
        </message>
        <message>
            <location line="+0" />
            <source>off</source>
            <translation>关</translation>
        </message>
        <message>
            <location line="+17" />
            <source>%1 · %2</source>
            <translation>%1 · %2</translation>
        </message>
        <message>
            <location line="+41" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>over limit: %1</source>
            <translation>超出上限：%1</translation>
        </message>
        <message>
            <location line="+12" />
            <source>does not apply</source>
            <translation>不适用</translation>
        </message>
        <message>
            <location line="+14" />
            <source>The levers need prices: an accelerator of this plan has no price in the catalog, so no saving can be measured. Add one in Library → Catalogs.</source>
            <translation>降本杠杆需要价格：此方案的某个加速器在价目表中没有价格，因此无法衡量节省。请在“场景库 → 价目表”中补充价格。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>The levers need a plan that can be evaluated: fix its warnings first.</source>
            <translation>降本杠杆需要一个可评估的计划：请先处理其警告。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Plan: %1. No lever saves within the risk limits.</source>
            <translation>计划：%1。没有杠杆能在风险上限内节省成本。</translation>
        </message>
        <message numerus="yes">
            <location line="+5" />
            <source>Plan: %1 (P50 %2, P90 %3). All %n levers within the limits together save %4 (%5): %6.</source>
            <translation>
                <numerusform>计划：%1（P50 %2，P90 %3）。上限内的全部 %n 个杠杆合计节省 %4（%5）：%6。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+23" />
            <source>article %1</source>
            <translation>文章 %1</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Applies to: %1</source>
            <translation>适用于：%1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Does not apply: %1</source>
            <translation>不适用：%1</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Changes:</source>
            <translation>改动：</translation>
        </message>
        <message>
            <location line="+5" />
            <source>The changed plan cannot be evaluated.</source>
            <translation>改动后的计划无法评估。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Total: %1 → %2 (saves %3, %4)</source>
            <translation>总成本：%1 → %2（节省 %3，%4）</translation>
        </message>
        <message numerus="yes">
            <location line="+4" />
            <source>Monte Carlo P50: %1 → %2; P90: %3 → %4 (%n runs)</source>
            <translation>
                <numerusform>蒙特卡洛 P50：%1 → %2；P90：%3 → %4（%n 次运行）</numerusform>
            </translation>
        </message>
        <message>
            <location line="+3" />
            <source>Duration: %1 → %2 days</source>
            <translation>工期：%1 → %2 天</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Risks:</source>
            <translation>风险：</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Raises above its limit: %1</source>
            <translation>升至上限以上：%1</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Boundary (article §5): %1</source>
            <translation>风险边界（文章第五节）：%1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Warning: %1</source>
            <translation>警告：%1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Note: %1</source>
            <translation>注意：%1</translation>
        </message>
        <message>
            <location line="+32" />
            <source>Apply lever: %1</source>
            <translation>应用杠杆：%1</translation>
        </message>
        <message numerus="yes">
            <location line="+1" />
            <source>Apply %n levers</source>
            <translation>
                <numerusform>应用 %n 个杠杆</numerusform>
            </translation>
        </message>
        <message>
            <location line="+11" />
            <location line="+25" />
            <source>The levers are still being priced for this plan; try again in a moment.</source>
            <translation>仍在为此计划计算杠杆，请稍后再试。</translation>
        </message>
        <message>
            <location line="-11" />
            <source>Tick the levers to apply first.</source>
            <translation>请先勾选要应用的杠杆。</translation>
        </message>
        <message>
            <location line="+16" />
            <source>No lever saves within the risk limits.</source>
            <translation>没有杠杆能在风险上限内节省成本。</translation>
        </message>
        <message>
            <location line="+22" />
            <source>Risk limits: a lever is within them when no risk ends above its limit and above where it started.</source>
            <translation>风险上限：当没有任何风险最终高于其上限且高于原值时，杠杆即在上限内。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>P(&amp;OOM) ≤</source>
            <translation>P(&amp;OOM) ≤</translation>
        </message>
        <message>
            <location line="+1" />
            <source>P(run &amp;lost) ≤</source>
            <translation>P(整轮报废)(&amp;L) ≤</translation>
        </message>
        <message>
            <location line="+1" />
            <source>P(over &amp;budget) ≤</source>
            <translation>P(超预算)(&amp;B) ≤</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Largest acceptable chance that a GPU runs out of memory. Default 5 %: where the OOM badge turns amber.</source>
            <translation>可接受的 GPU 显存溢出最大概率。默认 5 %：OOM 徽标变为琥珀色之处。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Largest acceptable chance of an unrecoverable divergence or collapse. Default 5 %: where the Run lost badge turns amber.</source>
            <translation>可接受的不可恢复发散或崩溃最大概率。默认 5 %：“整轮报废”徽标变为琥珀色之处。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Largest acceptable chance that the total exceeds the budget. Default 20 %: where the Budget badge turns red.</source>
            <translation>可接受的总成本超出预算的最大概率。默认 20 %：预算徽标变红之处。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Lever</source>
            <translation>杠杆</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Saving</source>
            <translation>节省</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Risks</source>
            <translation>风险</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Savings levers</source>
            <translation>降本杠杆</translation>
        </message>
        <message>
            <location line="+2" />
            <source>One row per lever of the article's checklist: saving on this plan, risks it moves; tick to apply</source>
            <translation>文章清单中每个杠杆一行：在此计划上的节省、影响的风险；勾选以应用</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Lever details</source>
            <translation>杠杆详情</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Apply ticked</source>
            <translation>应用勾选项(&amp;A)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Apply the ticked levers' changes as one undo step</source>
            <translation>把勾选杠杆的改动作为一个撤销步骤应用</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Apply all &amp;within limits</source>
            <translation>应用上限内全部(&amp;W)</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Apply every lever that saves and raises no risk above its limit, largest saving first, each kept only if it still saves on top of the others; one undo step</source>
            <translation>应用所有能节省成本且不使任何风险超出上限的杠杆，按节省从大到小，叠加后仍节省的才保留；一个撤销步骤</translation>
        </message>
    </context>
    <context>
        <name>costlab::LibraryDock</name>
        <message>
            <location filename="../widgets/library/librarydock.cpp" line="+40" />
            <location line="+288" />
            <location line="+566" />
            <source>Library</source>
            <translation>场景库</translation>
        </message>
        <message>
            <location line="-840" />
            <location line="+275" />
            <source>Library notice</source>
            <translation>场景库通知</translation>
        </message>
        <message>
            <location line="-270" />
            <location line="+271" />
            <source>Search names and tags</source>
            <translation>搜索名称和标签</translation>
        </message>
        <message>
            <location line="-269" />
            <location line="+270" />
            <source>Search the library</source>
            <translation>搜索场景库</translation>
        </message>
        <message>
            <location line="-259" />
            <location line="+264" />
            <source>Filter by %1</source>
            <translation>按%1筛选</translation>
        </message>
        <message>
            <location line="-248" />
            <location line="+250" />
            <source>Library actions</source>
            <translation>场景库操作</translation>
        </message>
        <message>
            <location line="-243" />
            <location line="+244" />
            <source>Scenarios in the library</source>
            <translation>场景库中的场景</translation>
        </message>
        <message>
            <location line="-225" />
            <location line="+226" />
            <source>Number of scenarios shown</source>
            <translation>显示的场景数</translation>
        </message>
        <message numerus="yes">
            <location line="-187" />
            <source>%n scenario(s) in the trash</source>
            <translation>
                <numerusform>回收站中有 %n 个场景</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location line="+1" />
            <source>%n scenario(s)</source>
            <translation>
                <numerusform>%n 个场景</numerusform>
            </translation>
        </message>
        <message>
            <location line="+3" />
            <source>%1 · team library %2 as %3</source>
            <translation>%1 · 团队场景库 %2，身份 %3</translation>
        </message>
        <message>
            <location line="+98" />
            <source>Duplicate</source>
            <translation>创建副本</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Move to trash</source>
            <translation>移到回收站</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Restore</source>
            <translation>还原</translation>
        </message>
        <message>
            <location line="+28" />
            <source>opened read-only on request</source>
            <translation>按要求以只读方式打开</translation>
        </message>
        <message>
            <location line="+2" />
            <source>written by a newer Costlab</source>
            <translation>由更新版本的 Costlab 写入</translation>
        </message>
        <message>
            <location line="+2" />
            <source>the server is a read-only standby</source>
            <translation>服务器是只读备用库</translation>
        </message>
        <message>
            <location line="+2" />
            <source>the database role %1 may read this library but not change it</source>
            <translation>数据库角色 %1 可以读取此场景库，但不能修改</translation>
        </message>
        <message>
            <location line="+32" />
            <source>&amp;Open</source>
            <translation>打开(&amp;O)</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Open the selected scenario in the editor</source>
            <translation>在编辑器中打开所选场景</translation>
        </message>
        <message>
            <location line="+1" />
            <source>D&amp;uplicate</source>
            <translation>创建副本(&amp;U)</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Copy the selected scenario into a new one</source>
            <translation>将所选场景复制为一个新场景</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Rename…</source>
            <translation>重命名(&amp;R)…</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Rename the selected scenario</source>
            <translation>重命名所选场景</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Ta&amp;gs…</source>
            <translation>标签(&amp;G)…</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Add or edit the project, batch, resource and free tags of the selected scenario</source>
            <translation>添加或编辑所选场景的项目、批次、资源和自由标签</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Move to &amp;trash</source>
            <translation>移到回收站(&amp;T)</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Move the selected scenarios to the trash</source>
            <translation>将所选场景移到回收站</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Show tr&amp;ash</source>
            <translation>显示回收站(&amp;A)</translation>
        </message>
        <message>
            <location line="+0" />
            <source>List the scenarios in the trash</source>
            <translation>列出回收站中的场景</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Re&amp;store</source>
            <translation>还原(&amp;S)</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Take the selected scenarios out of the trash</source>
            <translation>将所选场景移出回收站</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Empty trash…</source>
            <translation>清空回收站(&amp;E)…</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Delete every scenario in the trash for good</source>
            <translation>永久删除回收站中的所有场景</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Import…</source>
            <translation>导入(&amp;I)…</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Import .costlab.json files into the library</source>
            <translation>将 .costlab.json 文件导入场景库中</translation>
        </message>
        <message>
            <location line="+2" />
            <source>E&amp;xport selection…</source>
            <translation>导出所选(&amp;X)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Write the selected scenarios as .costlab.json files to a folder</source>
            <translation>将所选场景以 .costlab.json 文件写入一个文件夹</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;History…</source>
            <translation>历史(&amp;H)…</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Revisions of the selected scenario</source>
            <translation>所选场景的各个版本</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Catalogs…</source>
            <translation>价目表(&amp;C)…</translation>
        </message>
        <message>
            <location line="+0" />
            <source>View and edit price catalogs</source>
            <translation>查看和编辑价目表</translation>
        </message>
        <message>
            <location line="+43" />
            <source>(any)</source>
            <translation>（全部）</translation>
        </message>
        <message>
            <location line="+20" />
            <source>The library %1 could not be opened: %2 Plans can still be opened from and saved to files; Save to Library is off.</source>
            <translation>无法打开场景库 %1：%2 仍可从文件打开方案并保存到文件；“保存到场景库”已停用。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>No library is open; scenarios can still be opened from and saved to files.</source>
            <translation>未打开任何场景库；仍可从文件打开场景或保存到文件。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>The library file was damaged and has been moved aside to %1; a fresh library was created.</source>
            <translation>场景库文件已损坏，已移至 %1；已新建一个场景库。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>The latest backup is %1.</source>
            <translation>最新的备份是 %1。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>A new team library was set up on %1; plans saved here are shared with everyone who connects to it.</source>
            <translation>已在 %1 上建立新的团队场景库；保存在这里的计划与所有连接到它的人共享。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>A new library was created at %1, with the example plans in it.</source>
            <translation>已在 %1 新建场景库，并放入了示例方案。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>A new, empty library was created at %1.</source>
            <translation>已在 %1 新建一个空场景库。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>The team library was upgraded from schema version %1; its server's backups hold the old version.</source>
            <translation>团队场景库已从数据库结构版本 %1 升级；旧版本保存在其服务器的备份中。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>The library was upgraded from schema version %1; a backup was kept at %2.</source>
            <translation>场景库已从数据库结构版本 %1 升级；备份保存在 %2。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>This library is read-only (%1): you can browse, open and export, but not change it.</source>
            <translation>此场景库为只读（%1）：可以浏览、打开和导出，但不能修改。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>The list could not be read: %1</source>
            <translation>无法读取列表：%1</translation>
        </message>
        <message>
            <location line="+23" />
            <source>The library is read-only.</source>
            <translation>场景库为只读。</translation>
        </message>
        <message>
            <location line="+64" />
            <location line="+27" />
            <location line="+14" />
            <location line="+14" />
            <location line="+15" />
            <location line="+17" />
            <location line="+24" />
            <source>No library is open.</source>
            <translation>未打开任何场景库。</translation>
        </message>
        <message>
            <location line="-109" />
            <source>A scenario name can't be empty.</source>
            <translation>场景名称不能为空。</translation>
        </message>
        <message>
            <location line="+114" />
            <source>The folder %1 does not exist.</source>
            <translation>文件夹 %1 不存在。</translation>
        </message>
        <message>
            <location line="+25" />
            <source>Could not write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <location line="+18" />
            <source>Rename scenario</source>
            <translation>重命名场景</translation>
        </message>
        <message>
            <location line="+1" />
            <source>New name:</source>
            <translation>新名称：</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Rename</source>
            <translation>重命名</translation>
        </message>
        <message>
            <location line="+19" />
            <source>Tags of %1</source>
            <translation>%1 的标签</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Separate several values with commas. The filters above the list offer every value in use.</source>
            <translation>多个值用逗号分隔。列表上方的筛选器列出所有在用的值。</translation>
        </message>
        <message>
            <location line="+27" />
            <source>Tags</source>
            <translation>标签</translation>
        </message>
        <message>
            <location line="+10" />
            <location line="+14" />
            <source>Empty trash</source>
            <translation>清空回收站</translation>
        </message>
        <message numerus="yes">
            <location line="-13" />
            <source>Delete %n scenario(s) in the trash with all their revisions? This can't be undone.</source>
            <translation>
                <numerusform>永久删除回收站中的 %n 个场景及其所有版本？此操作无法撤销。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+5" />
            <source>&amp;Delete for good</source>
            <translation>永久删除(&amp;D)</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Import scenarios</source>
            <translation>导入场景</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Costlab scenarios (*.costlab.json);;JSON files (*.json)</source>
            <translation>Costlab 场景 (*.costlab.json);;JSON 文件 (*.json)</translation>
        </message>
        <message>
            <location line="+19" />
            <source>Import</source>
            <translation>导入</translation>
        </message>
        <message numerus="yes">
            <location line="+2" />
            <source>%n file(s) imported.</source>
            <translation>
                <numerusform>已导入 %n 个文件。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location line="+2" />
            <source>%n file(s) already in the library unchanged; not imported again:</source>
            <translation>
                <numerusform>%n 个文件已原样存在于场景库中，未再次导入：</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location line="+5" />
            <source>%n file(s) rejected; nothing was imported from them:</source>
            <translation>
                <numerusform>%n 个文件被拒绝，未从中导入任何内容：</numerusform>
            </translation>
        </message>
        <message>
            <location line="+7" />
            <source>Rejected files and their reasons</source>
            <translation>被拒绝的文件及原因</translation>
        </message>
        <message>
            <location line="+19" />
            <source>Export to folder</source>
            <translation>导出到文件夹</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Export</source>
            <translation>导出</translation>
        </message>
    </context>
    <context>
        <name>costlab::LibraryModel</name>
        <message>
            <location filename="../widgets/library/librarymodel.cpp" line="+21" />
            <source>Project</source>
            <translation>项目</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Batch</source>
            <translation>批次</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Resource</source>
            <translation>资源</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Tag</source>
            <translation>标签</translation>
        </message>
        <message>
            <location line="+71" />
            <location line="+6" />
            <source>not priced</source>
            <translation>未定价</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+24" />
            <source>%1 GPU·h</source>
            <translation>%1 GPU 小时</translation>
        </message>
        <message>
            <location line="-16" />
            <source>%1 (in the trash)</source>
            <translation>%1（在回收站中）</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Not priced: its price catalog ("%1") is missing, or a phase's layout or accelerator is impossible. Open the plan to see why.</source>
            <translation>未定价：其价目表（“%1”）缺失，或某阶段的并行布局或加速器不可行。打开方案查看原因。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>%1 %2 (cached with the current revision)</source>
            <translation>%1 %2（按当前版本缓存）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Probability of running out of device memory: %1</source>
            <translation>显存溢出的概率：%1</translation>
        </message>
        <message>
            <location line="+18" />
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Modified</source>
            <translation>修改时间</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Total cost</source>
            <translation>总成本</translation>
        </message>
        <message>
            <location line="+2" />
            <source>P(OOM) (%)</source>
            <translation>P(OOM) (%)</translation>
        </message>
        <message>
            <location line="+2" />
            <source>GPU-hours (GPU·h)</source>
            <translation>GPU 小时（GPU·h）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Tags</source>
            <translation>标签</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Total cost in each scenario's own currency (sorting compares the raw numbers)</source>
            <translation>以各场景自身货币计的总成本（排序时直接比较数值）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Probability of an out-of-memory failure, percent</source>
            <translation>显存溢出失败的概率（百分比）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Accelerator time, GPU-hours (not sortable)</source>
            <translation>加速卡用时，单位GPU 小时（不可排序）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Project, batch, resource and free tags (not sortable)</source>
            <translation>项目、批次、资源及自由标签（不可排序）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Click to sort</source>
            <translation>点击排序</translation>
        </message>
    </context>
    <context>
        <name>costlab::LibrarySession</name>
        <message>
            <location filename="../widgets/library/librarysession.cpp" line="+63" />
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Library not available: %1</source>
            <translation>场景库不可用：%1</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Library recovered</source>
            <translation>场景库已恢复</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The library was damaged and has been moved aside to %1; a new, empty library was started. Restore the newest backup %2?</source>
            <translation>场景库已损坏，已移至 %1；已新建一个空场景库。要恢复最新的备份 %2 吗？</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Restore failed</source>
            <translation>恢复失败</translation>
        </message>
        <message>
            <location line="+30" />
            <source>The open plan is no longer in the library (removed in another window); Save to Library adds it again.</source>
            <translation>已打开的方案已不在场景库中（已在另一个窗口中删除）；“保存到场景库”会重新加入它。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>“%1” was saved in another window; showing its new revision.</source>
            <translation>“%1”已在另一个窗口中保存；现显示其新版本。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>“%1” was saved in another window while you were editing it; Save to Library will ask how to combine the two.</source>
            <translation>你编辑“%1”期间，它已在另一个窗口中保存；“保存到场景库”时会询问如何处理两个版本。</translation>
        </message>
        <message>
            <location line="+19" />
            <source>Library: catalog %1 not stored: %2</source>
            <translation>场景库：价目表 %1 未能保存：%2</translation>
        </message>
        <message>
            <location line="+17" />
            <source>Autosave not readable: %1</source>
            <translation>无法读取自动保存文件：%1</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Recover unsaved work</source>
            <translation>恢复未保存的工作</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Recover unsaved work from %1?</source>
            <translation>要从 %1 恢复未保存的工作吗？</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Recover the unsaved changes to the plan “%1” from %2?</source>
            <translation>要恢复计划“%1”在 %2 未保存的修改吗？</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Recovery failed</source>
            <translation>恢复失败</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The autosaved plan could not be read: %1</source>
            <translation>无法读取自动保存的计划：%1</translation>
        </message>
        <message>
            <location line="+7" />
            <location line="+125" />
            <source>Autosave not cleared: %1</source>
            <translation>未能清除自动保存文件：%1</translation>
        </message>
        <message>
            <location line="-104" />
            <source>This file holds an older revision of “%1” in the library; Save to Library will ask how to combine it with the newer ones.</source>
            <translation>此文件是场景库中“%1”的一个旧版本；“保存到场景库”时会询问如何与较新的版本合并。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Cannot open scenario</source>
            <translation>无法打开场景</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The library scenario was not opened; the current plan is unchanged.
%1</source>
            <translation>未打开场景库中的场景；当前计划保持不变。
%1</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Opened “%1” from the library</source>
            <translation>已从场景库打开“%1”</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Save to library</source>
            <translation>保存到场景库</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Message for this revision (optional):</source>
            <translation>此版本的说明（可选）：</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Restore as current</source>
            <translation>恢复为当前版本</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The open plan has unsaved changes. Replace them with the restored revision?</source>
            <translation>已打开的方案有未保存的修改。要用恢复的版本替换它们吗？</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Save to library failed</source>
            <translation>保存到场景库失败</translation>
        </message>
        <message>
            <location line="+6" />
            <source>No library is open.</source>
            <translation>未打开任何场景库。</translation>
        </message>
        <message>
            <location line="+42" />
            <source>Saved “%1” to the library</source>
            <translation>已将“%1”保存到场景库</translation>
        </message>
        <message>
            <location line="+18" />
            <source>%1: theirs %2, yours %3</source>
            <translation>%1：对方 %2，你的 %3</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Plan changed in another window</source>
            <translation>方案已在另一个窗口中修改</translation>
        </message>
        <message>
            <location line="+1" />
            <source>“%1” was saved in another window or by another Costlab after you started editing it. Nothing has been overwritten. Keep your version as a new revision (theirs stays in History), take theirs (your edits are discarded), or save yours as a copy.</source>
            <translation>你开始编辑“%1”之后，它已在另一个窗口或另一个 Costlab 中保存。没有任何内容被覆盖。可以把你的版本保存为新版本（对方的版本保留在历史中），采用对方的版本（放弃你的修改），或把你的版本另存为副本。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Both versions have the same inputs.</source>
            <translation>两个版本的输入完全相同。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>&amp;Keep Mine as New Revision</source>
            <translation>保留我的版本为新版本(&amp;K)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Take Theirs</source>
            <translation>采用对方版本(&amp;T)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Save as &amp;Copy</source>
            <translation>另存为副本(&amp;C)</translation>
        </message>
        <message>
            <location line="+28" />
            <source>%1 (copy)</source>
            <translation>%1（副本）</translation>
        </message>
        <message>
            <location line="+23" />
            <source>Autosave failed: %1</source>
            <translation>自动保存失败：%1</translation>
        </message>
    </context>
    <context>
        <name>costlab::MainWindow</name>
        <message>
            <location filename="../app/gui/mainwindow.cpp" line="+196" />
            <source>Catalog problems: %1</source>
            <translation>价目表问题：%1</translation>
        </message>
        <message>
            <location line="+22" />
            <source>The library is read-only.</source>
            <translation>场景库为只读。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The library could not be opened: %1</source>
            <translation>无法打开场景库：%1</translation>
        </message>
        <message>
            <location line="+13" />
            <location line="+10" />
            <location line="+10" />
            <source>Connect to Team Library</source>
            <translation>连接团队场景库</translation>
        </message>
        <message>
            <location line="-19" />
            <source>PostgreSQL connection string of the team library, for example
postgresql://alice@db.example.com/costlab?sslmode=verify-full

The password is read from ~/.pgpass (or a service file); Costlab never stores it.</source>
            <translation>团队场景库的 PostgreSQL 连接字符串，例如
postgresql://alice@db.example.com/costlab?sslmode=verify-full

密码从 ~/.pgpass（或服务文件）读取；Costlab 从不保存密码。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>A team library is named by a connection string that starts with postgresql:// (a library file is opened with --db PATH).</source>
            <translation>团队场景库用以 postgresql:// 开头的连接字符串指定（场景库文件用 --db 路径 打开）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Could not open the team library; the library that was open is open again.

%1</source>
            <translation>无法打开团队场景库；已重新打开原来的场景库。

%1</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Connected to the team library %1</source>
            <translation>已连接团队场景库 %1</translation>
        </message>
        <message>
            <location line="+94" />
            <source>No library is open.</source>
            <translation>未打开任何场景库。</translation>
        </message>
        <message>
            <location line="+80" />
            <location line="+7" />
            <location line="+6" />
            <source>Export budget report</source>
            <translation>导出预算报告</translation>
        </message>
        <message>
            <location line="-13" />
            <source>PDF documents (*.pdf)</source>
            <translation>PDF 文档 (*.pdf)</translation>
        </message>
        <message numerus="yes">
            <location line="+11" />
            <source>Report written: %1 (%n page(s))</source>
            <translation>
                <numerusform>报告已写入：%1（%n 页）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location line="+3" />
            <source>The report was written to %1 (%n page(s)).</source>
            <translation>
                <numerusform>报告已写入 %1（%n 页）。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+4" />
            <source>&amp;Open Report</source>
            <translation>打开报告(&amp;O)</translation>
        </message>
        <message>
            <location line="+10" />
            <location line="+5" />
            <source>Export line items</source>
            <translation>导出成本明细行</translation>
        </message>
        <message>
            <location line="-5" />
            <source>CSV files (*.csv)</source>
            <translation>CSV 文件 (*.csv)</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Line items written: %1</source>
            <translation>成本明细行已写入：%1</translation>
        </message>
        <message>
            <location line="+182" />
            <source>Save the plan to the library first: a comparison is kept beside the revision it was made against.</source>
            <translation>请先把计划保存到场景库：对照结果保存在其所对照的版本旁边。</translation>
        </message>
        <message>
            <location line="+19" />
            <source>Keep in library</source>
            <translation>保存到场景库</translation>
        </message>
        <message numerus="yes">
            <location line="+5" />
            <source>Comparison kept in the library (%n kept for this plan).</source>
            <translation>
                <numerusform>对照已保存到场景库（此计划共保存 %n 次）。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+23" />
            <source>&amp;Estimate</source>
            <translation>估算(&amp;E)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Actuals</source>
            <translation>实际(&amp;A)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The plan against its bills and training logs: spend, progress, anomaly flags and a re-forecast</source>
            <translation>对照账单和训练日志查看计划：花费、进度、异常标记和重新预测</translation>
        </message>
        <message>
            <location line="+2" />
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;New</source>
            <translation>新建(&amp;N)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Start a new plan with one pre-training phase at default values</source>
            <translation>新建一个计划，含一个默认参数的预训练阶段</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Open…</source>
            <translation>打开(&amp;O)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Open a .costlab.json scenario</source>
            <translation>打开 .costlab.json 场景</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Import Model Config…</source>
            <translation>导入模型配置(&amp;I)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Read a Hugging Face config.json, a Megatron-LM launch script or a veRL config into the plan (or drop the file on the window)</source>
            <translation>把 Hugging Face config.json、Megatron-LM 启动脚本或 veRL 配置读入方案（也可以把文件拖到窗口上）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Export &amp;Launch Settings…</source>
            <translation>导出启动设置(&amp;L)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Write a phase as Megatron-LM arguments or a veRL config, with Costlab's predicted step time, memory and cost</source>
            <translation>把一个阶段写成 Megatron-LM 参数或 veRL 配置，并附上 Costlab 预测的单步时间、显存和费用</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Open &amp;Recent</source>
            <translation>最近打开(&amp;R)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Examples</source>
            <translation>示例(&amp;E)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Save</source>
            <translation>保存(&amp;S)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Save &amp;As…</source>
            <translation>另存为(&amp;A)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Save to &amp;Library</source>
            <translation>保存到场景库(&amp;L)</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Store the plan in the library (a new revision when it is already there)</source>
            <translation>将计划存入场景库（若已在库中则新增一个版本）</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+8" />
            <source>&amp;Library</source>
            <translation>场景库(&amp;L)</translation>
        </message>
        <message>
            <location line="-7" />
            <source>Connect to &amp;Team Library…</source>
            <translation>连接团队场景库(&amp;T)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Share plans, catalogs and actuals with your team on a PostgreSQL server (docs/library.md)</source>
            <translation>在 PostgreSQL 服务器上与团队共享计划、价目表和实际数据（docs/library.md）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Use Local Librar&amp;y</source>
            <translation>使用本地场景库(&amp;Y)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Go back to the library file on this computer</source>
            <translation>回到本机上的场景库文件</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Plan</source>
            <translation>方案(&amp;P)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Library</source>
            <translation>场景库</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Levers</source>
            <translation>降本杠杆</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Le&amp;vers</source>
            <translation>降本杠杆(&amp;V)</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Savings levers of the article's checklist, priced on this plan</source>
            <translation>文章降本清单中的杠杆，按此计划计价</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Tools</source>
            <translation>工具(&amp;T)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Optimise plan…</source>
            <translation>优化计划(&amp;O)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Search the cheapest layout, GPU count and pool for one phase under risk, deadline and budget limits</source>
            <translation>在风险、工期与预算上限下，为一个阶段搜索最便宜的并行布局、GPU 数量与算力池</translation>
        </message>
        <message>
            <location line="+2" />
            <source>&amp;Compare scenarios…</source>
            <translation>比较场景(&amp;C)…</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Compare the current plan with the plans selected in the library, library plans or scenario files</source>
            <translation>将当前方案与场景库中选中的方案、库中方案或方案文件进行比较</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Export &amp;Report…</source>
            <translation>导出报告(&amp;R)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Write the budget report as a PDF (cover, summary, cost table, charts, risks, assumptions, methods)</source>
            <translation>将预算报告写为 PDF（封面、摘要、成本表、图表、风险、假设、方法）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Export Line &amp;Items…</source>
            <translation>导出成本明细行(&amp;I)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Write the forecast as FinOps (FOCUS-style) line items: one CSV row per phase, category and month</source>
            <translation>将预测写为 FinOps（FOCUS 风格）明细行：每个阶段、类别和月份一行 CSV</translation>
        </message>
        <message>
            <location line="+2" />
            <source>&amp;Print Report…</source>
            <translation>打印报告(&amp;P)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Preview the budget report page by page and print it</source>
            <translation>逐页预览预算报告并打印</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Edit</source>
            <translation>编辑(&amp;E)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Find parameter…</source>
            <translation>查找参数(&amp;F)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Parameters</source>
            <translation>参数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Parameters</source>
            <translation>参数(&amp;P)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Language</source>
            <translation>语言(&amp;L)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Workshops…</source>
            <translation>工作坊(&amp;W)…</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Run a lesson: predict, then see what the engine computes (presenter view)</source>
            <translation>运行一节课：先预测，再看引擎的计算结果（演示视图）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Open &amp;Lesson…</source>
            <translation>打开课程(&amp;L)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Run a workshop lesson from a .costlab-lesson.json file</source>
            <translation>从 .costlab-lesson.json 文件运行工作坊课程</translation>
        </message>
        <message>
            <location line="+1" />
            <source>New Lesson &amp;Step from Plan…</source>
            <translation>用当前方案新建课程步骤(&amp;S)…</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Write a workshop step on the plan as it is now; the parameters the filter shows become the step's controls</source>
            <translation>基于当前方案编写工作坊步骤；筛选框中显示的参数成为该步骤的控件</translation>
        </message>
        <message>
            <location line="+2" />
            <source>&amp;Glossary</source>
            <translation>术语表(&amp;G)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The field's terms: MFU, GPU-hour, TP/PP/DP, ZeRO, KV cache, rollout, GRPO, MTBF, Young/Daly, P50/P90</source>
            <translation>领域术语：MFU、GPU 小时、TP/PP/DP、ZeRO、KV 缓存、rollout、GRPO、MTBF、Young/Daly、P50/P90</translation>
        </message>
        <message>
            <location line="+2" />
            <source>&amp;Full Screen</source>
            <translation>全屏(&amp;F)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;About Costlab</source>
            <translation>关于 Costlab(&amp;A)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>About &amp;Qt</source>
            <translation>关于 &amp;Qt</translation>
        </message>
        <message>
            <location line="+8" />
            <source>%1[*] — Costlab</source>
            <translation>%1[*] — Costlab</translation>
        </message>
        <message>
            <location line="+19" />
            <source>No recent files</source>
            <translation>没有最近文件</translation>
        </message>
        <message>
            <location line="+3" />
            <source>&amp;Clear list</source>
            <translation>清空列表(&amp;C)</translation>
        </message>
        <message>
            <location line="+21" />
            <source>No examples found</source>
            <translation>未找到示例</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Route A vs Route B (comparison)</source>
            <translation>路线 A 对比路线 B（比较）</translation>
        </message>
        <message>
            <location line="+26" />
            <source>Cannot open scenario</source>
            <translation>无法打开场景</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1 was not opened; the current plan is unchanged.</source>
            <translation>未打开 %1；当前计划保持不变。</translation>
        </message>
        <message numerus="yes">
            <location line="+9" />
            <source>… and %n more (see details)</source>
            <translation>
                <numerusform>… 另有 %n 条（见详细信息）</numerusform>
            </translation>
        </message>
        <message>
            <location line="+11" />
            <source>Opened %1</source>
            <translation>已打开 %1</translation>
        </message>
        <message>
            <location line="+26" />
            <source>Untitled plan</source>
            <translation>未命名计划</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Open scenario</source>
            <translation>打开场景</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Costlab scenarios (*.costlab.json *.json)</source>
            <translation>Costlab 场景 (*.costlab.json *.json)</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Import model config</source>
            <translation>导入模型配置</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Model configs and launch scripts (*.json *.sh *.txt *.yaml *.yml);;Hugging Face model configs (*.json);;Megatron-LM and veRL launch scripts (*.sh *.txt);;veRL configs (*.yaml *.yml);;All files (*)</source>
            <translation>模型配置和启动脚本 (*.json *.sh *.txt *.yaml *.yml);;Hugging Face 模型配置 (*.json);;Megatron-LM 和 veRL 启动脚本 (*.sh *.txt);;veRL 配置 (*.yaml *.yml);;所有文件 (*)</translation>
        </message>
        <message>
            <location line="+7" />
            <location line="+42" />
            <source>Imported %1</source>
            <translation>已导入 %1</translation>
        </message>
        <message>
            <location line="+15" />
            <location line="+24" />
            <source>Save failed</source>
            <translation>保存失败</translation>
        </message>
        <message>
            <location line="-21" />
            <location line="+26" />
            <source>Saved %1</source>
            <translation>已保存 %1</translation>
        </message>
        <message>
            <location line="-13" />
            <source>Save scenario as</source>
            <translation>场景另存为</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Costlab scenarios (*.costlab.json)</source>
            <translation>Costlab 场景 (*.costlab.json)</translation>
        </message>
        <message>
            <location line="+21" />
            <source>Unsaved changes</source>
            <translation>未保存的修改</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The plan “%1” has unsaved changes. Save them first?</source>
            <translation>计划“%1”有未保存的修改。要先保存吗？</translation>
        </message>
        <message>
            <location line="+13" />
            <source>About Costlab</source>
            <translation>关于 Costlab</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&lt;h3&gt;Costlab %1&lt;/h3&gt;&lt;p&gt;Cost and risk planner for training large language models.&lt;/p&gt;&lt;p&gt;Qt %2 · QCustomPlot %3&lt;br&gt;Price catalog: %4&lt;/p&gt;</source>
            <translation>&lt;h3&gt;Costlab %1&lt;/h3&gt;&lt;p&gt;大语言模型训练的成本与风险规划工具。&lt;/p&gt;&lt;p&gt;Qt %2 · QCustomPlot %3&lt;br&gt;价目表：%4&lt;/p&gt;</translation>
        </message>
        <message>
            <location filename="../app/gui/workshop.cpp" line="+97" />
            <location line="+18" />
            <source>Open lesson</source>
            <translation>打开课程</translation>
        </message>
        <message>
            <location line="-17" />
            <source>%1 cannot be run:
%2</source>
            <translation>%1 无法运行：
%2</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Workshops</source>
            <translation>工作坊</translation>
        </message>
        <message>
            <location line="+0" />
            <source>The lesson cannot start: %1</source>
            <translation>课程无法开始：%1</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Costlab lessons (*.costlab-lesson.json)</source>
            <translation>Costlab 课程 (*.costlab-lesson.json)</translation>
        </message>
        <message>
            <location line="+24" />
            <source>Step added to %1; the lesson is kept in the library too.</source>
            <translation>步骤已添加到 %1；课程也已保存在场景库中。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Step added to %1</source>
            <translation>步骤已添加到 %1</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Lesson left; the plan is as it was before.</source>
            <translation>已退出课程；方案已恢复原样。</translation>
        </message>
    </context>
    <context>
        <name>costlab::MemoryChart</name>
        <message>
            <location filename="../widgets/charts/memorychart.cpp" line="+59" />
            <source>Memory per GPU by role</source>
            <translation>各角色单卡显存</translation>
        </message>
        <message>
            <location line="+2" />
            <location line="+424" />
            <source>Memory per GPU (GiB)</source>
            <translation>单卡显存（GiB）</translation>
        </message>
        <message>
            <location line="-421" />
            <location line="+491" />
            <source>Usable HBM</source>
            <translation>可用 HBM</translation>
        </message>
        <message>
            <location line="-490" />
            <source>Host RAM per node</source>
            <translation>每节点主机内存</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+228" />
            <source>Node RAM</source>
            <translation>节点内存</translation>
        </message>
        <message>
            <location line="-227" />
            <source>Host GiB per node</source>
            <translation>每节点主机内存（GiB）</translation>
        </message>
        <message>
            <location line="+3" />
            <location line="+303" />
            <source>Phase (plan order)</source>
            <translation>阶段（按计划顺序）</translation>
        </message>
        <message>
            <location line="-302" />
            <source>No GPU memory estimate</source>
            <translation>无 GPU 显存估算</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Weights</source>
            <translation>权重</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Gradients</source>
            <translation>梯度</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Optimizer state</source>
            <translation>优化器状态</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Activations</source>
            <translation>激活值</translation>
        </message>
        <message>
            <location line="+2" />
            <source>KV cache</source>
            <translation>KV 缓存</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Other role, same GPUs</source>
            <translation>同卡上的另一角色</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Overhead</source>
            <translation>额外开销</translation>
        </message>
        <message>
            <location line="+22" />
            <source>%1 at %2 tokens of context</source>
            <translation>%1（上下文 %2 tokens）</translation>
        </message>
        <message>
            <location line="+13" />
            <source>%1, stage %2/%3 (worst)</source>
            <translation>%1，第 %2/%3 级（最大）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1, stage %2/%3</source>
            <translation>%1，第 %2/%3 级</translation>
        </message>
        <message>
            <location line="+68" />
            <source>Framework processes, one per GPU</source>
            <translation>框架进程（每 GPU 一个）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Asynchronous checkpoint staging</source>
            <translation>异步检查点暂存</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Sleeping rollout engines' weights</source>
            <translation>休眠推理引擎的权重</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Training state offloaded to the CPU</source>
            <translation>卸载到 CPU 的训练状态</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Ray object store reservation</source>
            <translation>Ray 对象存储预留</translation>
        </message>
        <message>
            <location line="+79" />
            <location line="+69" />
            <location line="+6" />
            <location line="+22" />
            <location line="+8" />
            <location line="+154" />
            <source>%1 GiB</source>
            <translation>%1 GiB</translation>
        </message>
        <message>
            <location line="-257" />
            <source>host memory per node</source>
            <translation>每节点主机内存</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Estimated host peak</source>
            <translation>估计主机内存峰值</translation>
        </message>
        <message>
            <location line="+2" />
            <source>not in the catalog</source>
            <translation>价目表中没有</translation>
        </message>
        <message>
            <location line="+33" />
            <source>%1
%2
P(OOM) %3</source>
            <translation>%1
%2
P(OOM) %3</translation>
        </message>
        <message>
            <location line="+35" />
            <source>Phase and role (2a, 2b: roles or stages of 2)</source>
            <translation>阶段与角色（2a、2b：阶段 2 的角色或流水线段）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Phase and GPU role</source>
            <translation>阶段与 GPU 角色</translation>
        </message>
        <message>
            <location line="+125" />
            <source>GiB per GPU</source>
            <translation>单卡 GiB</translation>
        </message>
        <message>
            <location line="+65" />
            <source>Estimated peak</source>
            <translation>估算峰值</translation>
        </message>
        <message>
            <location line="+4" />
            <source>P(OOM)</source>
            <translation>P(OOM)</translation>
        </message>
    </context>
    <context>
        <name>costlab::Message</name>
        <message>
            <location filename="../model/engine/messages.cpp" line="+26" />
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a number</source>
            <translation>数值</translation>
        </message>
        <message>
            <location line="+2" />
            <source>an integer</source>
            <translation>整数</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a number (%1)</source>
            <translation>数值（%1）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>an integer (%1)</source>
            <translation>整数（%1）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected %1 in [%2, %3]</source>
            <translation>应为 [%2, %3] 范围内的%1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1, got %2</source>
            <translation>%1，实际为 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a non-finite value</source>
            <translation>非有限值</translation>
        </message>
        <message>
            <location line="+2" />
            <source>the non-integer %1</source>
            <translation>非整数 %1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 (below the minimum)</source>
            <translation>%1（低于下限）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 (out of range)</source>
            <translation>%1（超出范围）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a number too large to represent</source>
            <translation>一个大到无法表示的数</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected a choice index</source>
            <translation>应为选项序号</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected true or false</source>
            <translation>应为 true 或 false</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected true or false, got %1</source>
            <translation>应为 true 或 false，实际为 %1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected a catalog id, got an empty string</source>
            <translation>应为价目表中的 id，实际为空字符串</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected a number (%1), got "%2"</source>
            <translation>应为数值（%1），实际为“%2”</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected one of %1, got "%2"</source>
            <translation>应为 %1 之一，实际为“%2”</translation>
        </message>
        <message>
            <location line="+2" />
            <source>unknown parameter</source>
            <translation>未知参数</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected %1 (a string), got %2</source>
            <translation>应为%1（字符串），实际为 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 is %2 characters long; at most %3 are allowed</source>
            <translation>%1长 %2 个字符；最多允许 %3 个</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected %1, got an empty string</source>
            <translation>应为%1，实际为空字符串</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected a string, one of: %1; got %2</source>
            <translation>应为字符串，取值之一：%1；实际为 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>unknown value %1; expected one of: %2</source>
            <translation>未知取值 %1；应为以下之一：%2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected an object (section "%1"), got %2</source>
            <translation>应为对象（“%1”节），实际为 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>unknown field "%1"</source>
            <translation>未知字段“%1”</translation>
        </message>
        <message>
            <location line="+2" />
            <source>unknown field "%1": it belongs to %2 phases, this phase is %3</source>
            <translation>未知字段“%1”：它属于 %2 阶段，而本阶段是 %3</translation>
        </message>
        <message>
            <location line="+2" />
            <source>unknown field "%1"; did you mean "%2"?</source>
            <translation>未知字段“%1”；是否想写“%2”？</translation>
        </message>
        <message>
            <location line="+2" />
            <source>unknown field "%1" (not part of schema_version %2)</source>
            <translation>未知字段“%1”（不属于 schema_version %2）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>an array of %1 items</source>
            <translation>含 %1 项的数组</translation>
        </message>
        <message>
            <location line="+2" />
            <source>an object</source>
            <translation>一个对象</translation>
        </message>
        <message>
            <location line="+2" />
            <source>too many errors; stopped reporting after %1</source>
            <translation>错误过多；报告 %1 条后停止</translation>
        </message>
        <message>
            <location line="+2" />
            <source>an accelerator id from the catalog</source>
            <translation>价目表中的加速器 id</translation>
        </message>
        <message>
            <location line="+2" />
            <source>an instance type id from the catalog</source>
            <translation>价目表中的实例类型 id</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a model preset id</source>
            <translation>模型预设 id</translation>
        </message>
        <message>
            <location line="+2" />
            <source>the scenario name</source>
            <translation>场景名称</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a description</source>
            <translation>描述</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a project name</source>
            <translation>项目名称</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a catalog id</source>
            <translation>价目表 id</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a tag</source>
            <translation>标签</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a start date (YYYY-MM-DD)</source>
            <translation>开始日期（YYYY-MM-DD）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a phase name</source>
            <translation>阶段名称</translation>
        </message>
        <message>
            <location line="+2" />
            <source>an experiment batch tag</source>
            <translation>实验批次标签</translation>
        </message>
        <message>
            <location line="+2" />
            <source>(document root)</source>
            <translation>（文档根）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>too many errors, further ones not listed</source>
            <translation>错误过多，其余不再列出</translation>
        </message>
        <message>
            <location line="+2" />
            <source>missing required field (expected %1)</source>
            <translation>缺少必填字段（应为%1）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 in %2</source>
            <translation>%1，范围 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected an object, got %1</source>
            <translation>应为对象，实际为 %1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected %1, got %2</source>
            <translation>应为%1，实际为 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected a number, %1; got %2</source>
            <translation>应为数值，%1；实际为 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected a finite number, %1; got %2</source>
            <translation>应为有限数值，%1；实际为 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected a whole number, %1; got %2</source>
            <translation>应为整数，%1；实际为 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected null (not offered) or a finite number, %1; got %2</source>
            <translation>应为 null（不提供）或有限数值，%1；实际为 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a number, %1</source>
            <translation>数值，%1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a whole number, %1</source>
            <translation>整数，%1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>null (not offered) or a number, %1</source>
            <translation>null（不提供）或数值，%1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>an object %1</source>
            <translation>对象 %1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>an array</source>
            <translation>数组</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a non-empty array</source>
            <translation>非空数组</translation>
        </message>
        <message>
            <location line="+2" />
            <source>the integer %1</source>
            <translation>整数 %1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 or %2</source>
            <translation>%1 或 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a non-empty string</source>
            <translation>非空字符串</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a non-empty string naming the source and its tag</source>
            <translation>写明来源及其标签的非空字符串</translation>
        </message>
        <message>
            <location line="+2" />
            <source>an id of 1-64 characters from a-z 0-9 - _ .</source>
            <translation>由 a-z 0-9 - _ . 组成的 1–64 个字符的 id</translation>
        </message>
        <message>
            <location line="+2" />
            <source>an ISO date YYYY-MM-DD, YYYY-MM or YYYY, or "undated"</source>
            <translation>ISO 日期 YYYY-MM-DD、YYYY-MM 或 YYYY，或 "undated"</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected the integer %1 (the version this build reads), got %2</source>
            <translation>应为整数 %1（本版本读取的版本），实际为 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected a unique id, got duplicate %1</source>
            <translation>id 应唯一，实际重复：%1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>unknown field %1 (not part of catalog schema_version 1)</source>
            <translation>未知字段 %1（不属于价目表 schema_version 1）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>unknown field %1; did you mean "%2"?</source>
            <translation>未知字段 %1；是否想输入“%2”？</translation>
        </message>
        <message>
            <location line="+2" />
            <source>internal error while reading the catalog: %1</source>
            <translation>读取价目表时发生内部错误：%1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>cannot read catalog file: %1</source>
            <translation>无法读取价目表文件：%1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 %2</source>
            <translation>%1 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>number</source>
            <translation>数值</translation>
        </message>
        <message>
            <location line="+2" />
            <source>string</source>
            <translation>字符串</translation>
        </message>
        <message>
            <location line="+2" />
            <source>boolean</source>
            <translation>布尔值</translation>
        </message>
        <message>
            <location line="+2" />
            <source>array</source>
            <translation>数组</translation>
        </message>
        <message>
            <location line="+2" />
            <source>object</source>
            <translation>对象</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 (line %2)</source>
            <translation>%1（第 %2 行）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>no import format "%1"</source>
            <translation>没有名为“%1”的导入格式</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected a number, found %1</source>
            <translation>应为数值，实际为 %1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected true or false, found %1</source>
            <translation>应为 true 或 false，实际为 %1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>missing: a %1 configuration must give it</source>
            <translation>缺失：%1 配置必须给出该项</translation>
        </message>
        <message>
            <location line="+2" />
            <source>missing: a Hugging Face config.json names its model_type ("llama", "qwen2", …)</source>
            <translation>缺失：Hugging Face 的 config.json 须写明 model_type（"llama"、"qwen2" 等）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>model_type "%1" is not one Costlab reads (%2)</source>
            <translation>Costlab 不读取 model_type“%1”（可读取：%2）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>missing: the expert FFN size of an MoE configuration</source>
            <translation>缺失：MoE 配置的专家 FFN 大小</translation>
        </message>
        <message>
            <location line="+2" />
            <source>not a JSON document</source>
            <translation>不是 JSON 文档</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected a JSON object (a Hugging Face config.json), found %1</source>
            <translation>应为 JSON 对象（Hugging Face 的 config.json），实际为 %1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>no Megatron-LM arguments found (%1)</source>
            <translation>未找到 Megatron-LM 参数（%1）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected whole counts of nodes and GPUs</source>
            <translation>节点数和 GPU 数应为整数</translation>
        </message>
        <message>
            <location line="+2" />
            <source>no OpenRLHF arguments found (%1)</source>
            <translation>未找到 OpenRLHF 参数（%1）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>not a veRL config: none of its sections (%1) at the top level</source>
            <translation>不是 veRL 配置：顶层没有它的任何一节（%1）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>the file has more than %1 keys or is nested more than %2 levels deep</source>
            <translation>文件的键超过 %1 个，或嵌套超过 %2 层</translation>
        </message>
        <message>
            <location line="+2" />
            <source>no veRL settings found (%1)</source>
            <translation>未找到 veRL 设置（%1）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected a node count or MIN:MAX, found %1</source>
            <translation>应为节点数或 MIN:MAX，实际为 %1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>not a configuration Costlab reads: expected %1</source>
            <translation>不是 Costlab 能读取的配置：应为 %1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>no rows</source>
            <translation>没有数据行</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a W&amp;B export without a Step column</source>
            <translation>W&amp;B 导出文件缺少 Step 列</translation>
        </message>
        <message>
            <location line="+2" />
            <source>a 3-column file is params,tokens,loss (header naming params first, or no header); found '%1'</source>
            <translation>三列文件应为 params,tokens,loss（表头以 params 开头，或没有表头）；实际为“%1”</translation>
        </message>
        <message>
            <location line="+2" />
            <source>expected 2 columns (x, y), 3 (params, tokens, loss), a TensorBoard export (Wall time, Step, Value) or a W&amp;B export (Step, '&lt;run&gt; - &lt;metric&gt;'); found %1</source>
            <translation>应为 2 列（x, y）、3 列（params, tokens, loss）、TensorBoard 导出（Wall time, Step, Value）或 W&amp;B 导出（Step, '&lt;run&gt; - &lt;metric&gt;'）；实际为 %1 列</translation>
        </message>
        <message>
            <location line="+2" />
            <source>line %1: %2</source>
            <translation>第 %1 行：%2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>has %1 cells, the header %2</source>
            <translation>有 %1 个单元格，表头有 %2 个</translation>
        </message>
        <message>
            <location line="+2" />
            <source>'%1' is not a number</source>
            <translation>“%1”不是数值</translation>
        </message>
        <message>
            <location line="+2" />
            <source>more than 1,000,000 points</source>
            <translation>超过 1,000,000 个数据点</translation>
        </message>
        <message>
            <location line="+2" />
            <source>'%1' is not a model size</source>
            <translation>“%1”不是模型规模</translation>
        </message>
        <message>
            <location line="+2" />
            <source>no numeric rows</source>
            <translation>没有数值行</translation>
        </message>
    </context>
    <context>
        <name>costlab::Optimiser</name>
        <message>
            <location filename="../widgets/common/labels.cpp" line="+179" />
            <source>%1 days</source>
            <translation>%1 天</translation>
        </message>
        <message>
            <location line="+8" />
            <source>%1 %2 &gt; %3</source>
            <translation>%1 %2 &gt; %3</translation>
        </message>
        <message>
            <location filename="../model/analysis/optimiser.cpp" line="+106" />
            <source>mb %1</source>
            <translation>微批次 %1</translation>
        </message>
        <message>
            <location line="+5" />
            <source>recompute none</source>
            <translation>不重计算</translation>
        </message>
        <message>
            <location line="+1" />
            <source>recompute selective</source>
            <translation>选择性重计算</translation>
        </message>
        <message>
            <location line="+1" />
            <source>recompute full</source>
            <translation>完全重计算</translation>
        </message>
        <message>
            <location line="+14" />
            <source>reserved</source>
            <translation>预留实例</translation>
        </message>
        <message>
            <location line="+2" />
            <source>spot %1 %</source>
            <translation>竞价 %1 %</translation>
        </message>
        <message>
            <location line="+16" />
            <source>checkpoints Young/Daly</source>
            <translation>检查点按 Young/Daly</translation>
        </message>
        <message>
            <location line="+2" />
            <source>checkpoints every %1 h</source>
            <translation>每 %1 小时一个检查点</translation>
        </message>
        <message>
            <location line="+11" />
            <source>%1 GPUs</source>
            <translation>%1 个 GPU</translation>
        </message>
        <message>
            <location line="+40" />
            <source>long-context stage CP %1</source>
            <translation>长上下文阶段 CP %1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>long-context stage on the main layout</source>
            <translation>长上下文阶段沿用主阶段布局</translation>
        </message>
        <message>
            <location line="+31" />
            <source>colocated %1 GPUs</source>
            <translation>共置 %1 个 GPU</translation>
        </message>
        <message>
            <location line="+9" />
            <source>%1 trainer + %2 rollout GPUs</source>
            <translation>%1 个训练端 GPU + %2 个 rollout GPU</translation>
        </message>
        <message>
            <location line="+12" />
            <source>async</source>
            <translation>异步</translation>
        </message>
        <message>
            <location line="+2" />
            <source>sync</source>
            <translation>同步</translation>
        </message>
        <message>
            <location line="+6" />
            <source>%1 rollouts</source>
            <translation>%1 rollout</translation>
        </message>
        <message>
            <location line="+8" />
            <source>engine TP %1</source>
            <translation>推理引擎 TP %1</translation>
        </message>
        <message>
            <location line="+7" />
            <source>trainer TP %1</source>
            <translation>训练端 TP %1</translation>
        </message>
        <message>
            <location line="+7" />
            <source>%1 environments</source>
            <translation>%1 个环境</translation>
        </message>
        <message>
            <location line="+524" />
            <source>current plan</source>
            <translation>当前方案</translation>
        </message>
        <message>
            <location line="+67" />
            <location line="+1" />
            <source>P(OOM)</source>
            <translation>P(OOM)</translation>
        </message>
        <message>
            <location line="+2" />
            <location line="+1" />
            <source>P(run lost)</source>
            <translation>P(整轮报废)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>days</source>
            <translation>天数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>P90 days</source>
            <translation>P90 天数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>cost</source>
            <translation>成本</translation>
        </message>
        <message>
            <location line="+1" />
            <source>P90 cost</source>
            <translation>P90 成本</translation>
        </message>
    </context>
    <context>
        <name>costlab::OptimiserDialog</name>
        <message>
            <location filename="../widgets/analysis/optimiserdialog.cpp" line="+54" />
            <source>Plan</source>
            <translation>方案</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Expected (%1)</source>
            <translation>期望（%1）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>P90 (%1)</source>
            <translation>P90（%1）</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Days</source>
            <translation>天数</translation>
        </message>
        <message>
            <location line="+0" />
            <source>P(OOM)</source>
            <translation>P(OOM)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>P(run lost)</source>
            <translation>P(整轮报废)</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Breaks</source>
            <translation>超出的限制</translation>
        </message>
        <message>
            <location line="+2" />
            <source>When no plan meets every limit, the nearest plans are listed with the limits each breaks: relax one, or widen the search</source>
            <translation>没有方案满足全部限制时，列出最接近的方案及各自超出的限制：放宽其中一项，或扩大搜索范围</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Best plans found</source>
            <translation>找到的最优方案</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Optimise plan</source>
            <translation>优化计划</translation>
        </message>
        <message>
            <location line="+10" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Lowest expected cost</source>
            <translation>期望成本最低</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Lowest P90 cost</source>
            <translation>P90 成本最低</translation>
        </message>
        <message>
            <location line="+3" />
            <source> days</source>
            <translation> 天</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+2" />
            <location line="+219" />
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <location line="-218" />
            <source>Largest acceptable chance that a GPU runs out of memory (default 5 %, where the OOM badge turns amber)</source>
            <translation>可接受的 GPU 显存溢出最大概率（默认 5 %，OOM 徽标变为琥珀色之处）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Largest acceptable chance of an unrecoverable divergence or collapse (default 5 %)</source>
            <translation>可接受的不可恢复发散或崩溃最大概率（默认 5 %）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>The P90 plan duration must not exceed it (default: the plan's deadline); 0 = none</source>
            <translation>P90 工期不得超过此值（默认：计划的截止期限）；0 = 无</translation>
        </message>
        <message>
            <location line="+2" />
            <source>The P90 plan cost must not exceed it (default: the plan's budget); 0 = none</source>
            <translation>P90 成本不得超过此值（默认：计划的预算）；0 = 无</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Try every priced &amp;accelerator of the catalog</source>
            <translation>尝试价目表中所有有价格的加速卡(&amp;A)</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Off: the search keeps the phase's GPU count (a fixed rental). On: it also tries the counts listed, in whole nodes.</source>
            <translation>不勾选：搜索保持该阶段的 GPU 数量（固定租用）。勾选：还会尝试所列的 GPU 数量（整节点）。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>&amp;Phase:</source>
            <translation>阶段(&amp;P)：</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Objective:</source>
            <translation>目标(&amp;O)：</translation>
        </message>
        <message>
            <location line="+1" />
            <source>P(&amp;OOM) ≤</source>
            <translation>P(&amp;OOM) ≤</translation>
        </message>
        <message>
            <location line="+1" />
            <source>P(run &amp;lost) ≤</source>
            <translation>P(整轮报废)(&amp;L) ≤</translation>
        </message>
        <message>
            <location line="+1" />
            <source>P90 &amp;deadline:</source>
            <translation>P90 截止期限(&amp;D)：</translation>
        </message>
        <message>
            <location line="+1" />
            <source>P90 &amp;budget:</source>
            <translation>P90 预算(&amp;B)：</translation>
        </message>
        <message>
            <location line="+3" />
            <source>&amp;Search</source>
            <translation>搜索(&amp;S)</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Ca&amp;ncel search</source>
            <translation>取消搜索(&amp;N)</translation>
        </message>
        <message>
            <location line="+36" />
            <source>&amp;Apply selected plan</source>
            <translation>应用所选方案(&amp;A)</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Apply the selected plan's changes to the plan as one undo step</source>
            <translation>把所选方案的改动作为一个撤销步骤应用到计划</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Export &amp;launch settings…</source>
            <translation>导出启动设置(&amp;L)…</translation>
        </message>
        <message>
            <location line="+2" />
            <source>The selected plan's layout as Megatron-LM arguments or a veRL config, without applying it</source>
            <translation>把所选方案的并行布局写成 Megatron-LM 参数或 veRL 配置，但不应用它</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Search cancelled.</source>
            <translation>搜索已取消。</translation>
        </message>
        <message>
            <location line="+35" />
            <source>Vary the &amp;GPU count</source>
            <translation>改变 GPU 数量(&amp;G)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Vary the &amp;GPU count: %1</source>
            <translation>改变 GPU 数量(&amp;G)：%1</translation>
        </message>
        <message>
            <location line="+38" />
            <source>Searching…</source>
            <translation>正在搜索…</translation>
        </message>
        <message>
            <location line="+27" />
            <source>The plan cannot be searched: %1</source>
            <translation>无法搜索此计划：%1</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Searched %1 candidate plans: %2 evaluated, %3 skipped by pruning (they could only run out of memory or be impossible), %4 within the limits; the best %5 scored by Monte Carlo.</source>
            <translation>已搜索 %1 个候选方案：评估 %2 个，剪枝跳过 %3 个（它们只可能显存溢出或不可行），%4 个在上限内；最优的 %5 个经蒙特卡洛评分。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Objective: the cheapest plan that reaches a loss of %1 within the limits; each candidate's tokens are set by the target.</source>
            <translation>优化目标：在限制内达到损失 %1 的最便宜计划；每个候选计划的 token 数都由目标确定。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Objective: the cheapest plan that reaches a score of %1 within the limits; each candidate's iterations are set by the target.</source>
            <translation>优化目标：在限制内达到得分 %1 的最便宜计划；每个候选计划的迭代次数都由目标确定。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Current plan: %1, %2 days.</source>
            <translation>当前计划：%1，%2 天。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Best plan: %1, %2 days (P90 %3), saving %4. Changes: %5.</source>
            <translation>最优方案：%1，%2 天（P90 %3），节省 %4。改动：%5。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>No plan in the search space meets every limit.</source>
            <translation>搜索空间中没有满足全部上限的方案。</translation>
        </message>
        <message numerus="yes">
            <location line="+2" />
            <source>No plan in the search space meets every limit. The %n nearest are listed with the limits each breaks.</source>
            <translation>
                <numerusform>搜索空间中没有方案满足全部限制。下面列出最接近的 %n 个方案及各自超出的限制。</numerusform>
            </translation>
        </message>
        <message>
            <location line="+27" />
            <source>No change</source>
            <translation>无改动</translation>
        </message>
        <message>
            <location line="+14" />
            <source>The plan changed since the search; search again first.</source>
            <translation>搜索后计划已改变；请先重新搜索。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Select a plan first.</source>
            <translation>请先选择一个方案。</translation>
        </message>
        <message>
            <location line="+28" />
            <source>Apply optimised plan</source>
            <translation>应用优化方案</translation>
        </message>
    </context>
    <context>
        <name>costlab::Param</name>
        <message>
            <location filename="../model/engine/scaling.cpp" line="+22" />
            <source>Besiroglu et al. 2024 (Chinchilla refit)</source>
            <translation>Besiroglu 等 2024（Chinchilla 重拟合）</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Hoffmann et al. 2022 (Chinchilla, approach 3)</source>
            <translation>Hoffmann 等 2022（Chinchilla，方法 3）</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Llama 3 IsoFLOP data, VPNLS refit (2026)</source>
            <translation>Llama 3 IsoFLOP 数据，VPNLS 重拟合（2026）</translation>
        </message>
        <message>
            <location line="+18" />
            <source>Llama 3 IsoFLOP fit (2024)</source>
            <translation>Llama 3 IsoFLOP 拟合（2024）</translation>
        </message>
        <message>
            <location line="+10" />
            <source>DeepSeek LLM IsoFLOP fit (2024)</source>
            <translation>DeepSeek LLM IsoFLOP 拟合（2024）</translation>
        </message>
        <message>
            <location line="+29" />
            <source>ScaleRL, 8B dense (2025)</source>
            <translation>ScaleRL，8B 稠密模型（2025）</translation>
        </message>
        <message>
            <location line="+9" />
            <source>ScaleRL, 17B×16 MoE (2025)</source>
            <translation>ScaleRL，17B×16 MoE（2025）</translation>
        </message>
        <message>
            <location line="+10" />
            <source>ScaleRL, 8B dense, 32k generation (2025)</source>
            <translation>ScaleRL，8B 稠密模型，32k 生成长度（2025）</translation>
        </message>
        <message>
            <location line="+9" />
            <source>ScaleRL, 8B dense, batch 2,048 (2025)</source>
            <translation>ScaleRL，8B 稠密模型，批量 2,048（2025）</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Custom (own fit or typed in)</source>
            <translation>自定义（自己拟合或手动输入）</translation>
        </message>
        <message>
            <location filename="../model/engine/registry.cpp" line="+44" />
            <source>US dollar</source>
            <translation>美元</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Chinese yuan</source>
            <translation>人民币</translation>
        </message>
        <message>
            <location line="+6" />
            <source>None</source>
            <translation>无</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Selective</source>
            <translation>选择性</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Full</source>
            <translation>完全</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Reserved</source>
            <translation>预留</translation>
        </message>
        <message>
            <location line="+0" />
            <source>On-demand</source>
            <translation>按需</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Spot</source>
            <translation>竞价</translation>
        </message>
        <message>
            <location line="+2" />
            <source>GPU-hours</source>
            <translation>GPU 小时</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Iterations</source>
            <translation>迭代次数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Colocated</source>
            <translation>共置</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Disaggregated</source>
            <translation>分离部署</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Synchronous</source>
            <translation>同步</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Asynchronous</source>
            <translation>异步</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Full fine-tuning</source>
            <translation>全参数微调</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Attention only</source>
            <translation>仅注意力层</translation>
        </message>
        <message>
            <location line="+1" />
            <source>All linear layers</source>
            <translation>所有线性层</translation>
        </message>
        <message>
            <location line="+1" />
            <source>AdamW (32-bit states)</source>
            <translation>AdamW（32 位状态）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>8-bit AdamW</source>
            <translation>8 位 AdamW</translation>
        </message>
        <message>
            <location line="+1" />
            <source>SGD with momentum</source>
            <translation>带动量的 SGD</translation>
        </message>
        <message>
            <location line="+2" />
            <source>BF16 weights and gradients, FP32 master (ZeRO paper)</source>
            <translation>BF16 权重和梯度，FP32 主权重（ZeRO 论文）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>BF16 weights, FP32 gradient buffer (Megatron-Core)</source>
            <translation>BF16 权重，FP32 梯度缓冲（Megatron-Core）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>FP16 weights and gradients, FP32 gradient copy (DeepSpeed ZeRO)</source>
            <translation>FP16 权重和梯度，FP32 梯度副本（DeepSpeed ZeRO）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>FP32 weights and gradients, BF16 compute (FSDP, MaxText)</source>
            <translation>FP32 权重和梯度，BF16 计算（FSDP、MaxText）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>FP16 weights and gradients, no FP32 master (OPT, metaseq)</source>
            <translation>FP16 权重和梯度，无 FP32 主权重（OPT、metaseq）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Which copies of the training state are kept in FP32; bytes per parameter with AdamW (weights + gradients + optimizer): ZeRO paper 2 + 2 + 12 = 16; Megatron-Core BF16 2 + 4 + 12 = 18 (6 + 12/d with the distributed optimizer); FP16 with an FP32 gradient copy 2 + 2 + 16 = 20 (DeepSpeed ZeRO-2: 2 + 18/d); FP32 4 + 4 + 8 = 16; FP16 without a master (OPT-175B) 2 + 2 + 8 = 12. Sources: Megatron-Core distributed-optimizer guide; DeepSpeed PR #5099; OPT paper.</source>
            <translation>训练状态中哪些副本以 FP32 保存；使用 AdamW 时每参数字节数（权重 + 梯度 + 优化器）：ZeRO 论文 2 + 2 + 12 = 16；Megatron-Core BF16 2 + 4 + 12 = 18（使用分布式优化器时为 6 + 12/d）；FP16 加 FP32 梯度副本 2 + 2 + 16 = 20（DeepSpeed ZeRO-2：2 + 18/d）；FP32 4 + 4 + 8 = 16；无主权重的 FP16（OPT-175B）2 + 2 + 8 = 12。来源：Megatron-Core 分布式优化器指南；DeepSpeed PR #5099；OPT 论文。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>None: the training state on the GPU</source>
            <translation>无：训练状态留在 GPU 上</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Optimizer state in host RAM, Adam on the CPU (ZeRO-Offload)</source>
            <translation>优化器状态放在主机内存，Adam 在 CPU 上运行（ZeRO-Offload）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Optimizer, weights and gradients in host RAM (ZeRO-Infinity, FSDP)</source>
            <translation>优化器、权重和梯度都放在主机内存（ZeRO-Infinity、FSDP）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>CPU offload of the training state. Optimizer: the FP32 master, moments and any FP32 gradient copy move to host RAM and the Adam step runs on the CPU at assumptions.cpu_adam_params_s per node (DeepSpeed offload_optimizer, OpenRLHF --adam_offload). Optimizer and parameters: the 16-bit weights and gradients too; the GPU keeps two layers' weights and one layer's gradients, and every micro-batch fetches the weights over PCIe twice and returns its gradients once, behind compute (DeepSpeed offload_param, FSDP CPUOffload). Sources: Ren et al. 2021 (ZeRO-Offload), Rajbhandari et al. 2021 (ZeRO-Infinity).</source>
            <translation>训练状态的 CPU 卸载。优化器：FP32 主权重、动量以及 FP32 梯度副本移到主机内存，Adam 步骤在 CPU 上以每节点 assumptions.cpu_adam_params_s 的速率运行（DeepSpeed offload_optimizer，OpenRLHF --adam_offload）。优化器和参数：16 位权重和梯度也移走；GPU 只保留两层权重和一层梯度，每个微批次经 PCIe 取两次权重、送回一次梯度，与计算重叠（DeepSpeed offload_param，FSDP CPUOffload）。来源：Ren 等 2021（ZeRO-Offload），Rajbhandari 等 2021（ZeRO-Infinity）。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Verifiable (rule-based)</source>
            <translation>可验证（基于规则）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Reward model</source>
            <translation>奖励模型</translation>
        </message>
        <message>
            <location line="+1" />
            <source>0 (DDP)</source>
            <translation>0（DDP）</translation>
        </message>
        <message>
            <location line="+0" />
            <source>3 (FSDP)</source>
            <translation>3（FSDP）</translation>
        </message>
        <message>
            <location line="+7" />
            <source>At ZeRO stage 3, the framework that gathers the weights. All four gather every layer twice per micro-batch (forward, and backward with its recompute) and reduce-scatter its gradients on every micro-batch, prefetching the next layer behind the current one. FSDP2: one gather per layer, copied out of the buffer; DeepSpeed: gathers in buckets of 50 M parameters, gradients in 16 bits in buckets of 500 M, copied out; Megatron-FSDP and FSDP1 (flat parameters, veRL's default strategy fsdp): one gather per layer, used in place. Sources: PyTorch _fully_shard/_fsdp_param_group.py and fsdp/_flat_param.py, DeepSpeed zero/config.py, Megatron-LM megatron_fsdp (docs/model-reference.md).</source>
            <translation>ZeRO stage 3 下负责聚合权重的框架。四者在每个微批次中都对每层 all-gather 两次（前向一次，反向及其重计算共用一次），并在每个微批次对该层梯度做 reduce-scatter，同时在当前层计算时预取下一层。FSDP2：每层一次 all-gather，需从缓冲区拷出；DeepSpeed：按 5000 万参数分桶 all-gather，梯度以 16 位按 5 亿参数分桶，需拷出；Megatron-FSDP 与 FSDP1（扁平参数，veRL 默认的 strategy fsdp）：每层一次 all-gather，原地使用。来源：PyTorch _fully_shard/_fsdp_param_group.py 与 fsdp/_flat_param.py，DeepSpeed zero/config.py，Megatron-LM megatron_fsdp（docs/model-reference.md）。</translation>
        </message>
        <message>
            <location line="+211" />
            <location line="+16" />
            <source>Catalog and currency</source>
            <translation>价目表与货币</translation>
        </message>
        <message>
            <location line="-15" />
            <source>Currency</source>
            <translation>货币</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Currency of every figure. Catalog prices are in the catalog's own currency (the default catalog USD, cn-cny CNY) and converted once at the exchange rate when the two differ. Switching it in the editor converts the plan's money inputs (budget, daily alert, engineering rate, interconnect price) at the same rate, in one undo step.</source>
            <translation>所有金额的币种。价目表价格使用价目表自身的币种（默认价目表为美元，cn-cny 为人民币），两者不同时按汇率换算一次。在编辑器中切换币种时，计划中的金额输入（预算、每日告警线、工程人力费率、互连价格）按同一汇率换算，作为一个可撤销步骤。</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Exchange rate</source>
            <translation>汇率</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Yuan per US dollar, used when the plan's currency and its catalog's differ. Default 7.2, the rate DeepSeek-V3 used to quote its $2/H800-hour (reference-data.md §5.1).</source>
            <translation>每美元兑人民币，方案货币与价目表货币不同时使用。默认 7.2，即 DeepSeek-V3 报价 2 美元/H800 GPU 小时所用的汇率（reference-data.md §5.1）。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Storage</source>
            <translation>存储</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Raw corpus</source>
            <translation>原始语料</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Raw crawl kept on object storage (standard tier, then infrequent-access). Article §2.2.</source>
            <translation>存放在对象存储上的原始爬取数据（先标准层，后低频访问层）。文章 §2.2。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Cleaned corpus</source>
            <translation>清洗后语料</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Tokenised training corpus on standard object storage for the whole plan.</source>
            <translation>整个计划期间存放在标准对象存储上的已分词训练语料。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Raw corpus hot period</source>
            <translation>原始语料热存期</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Days the raw corpus stays on the standard tier before moving to infrequent access (S3 IA minimum 30 days).</source>
            <translation>原始语料在标准层停留的天数，之后转入低频访问层（S3 IA 最少 30 天）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Retention after the plan</source>
            <translation>计划结束后保留期</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Months datasets, milestones and trajectories are kept after the last phase ends.</source>
            <translation>最后一个阶段结束后，数据集、里程碑检查点和轨迹的保留月数。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Checkpoints kept</source>
            <translation>保留检查点数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Newest full checkpoints kept (k). Fewer means fewer rollback points when one is corrupt (article §5).</source>
            <translation>保留的最新完整检查点数（k）。越少，检查点损坏时可回滚的点越少（文章 §5）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Milestone every</source>
            <translation>里程碑间隔</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Every m-th checkpoint is kept for good as a milestone; 0 keeps none.</source>
            <translation>每第 m 个检查点作为里程碑永久保留；0 表示不保留。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Checkpoint hot period</source>
            <translation>检查点热存期</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Days a milestone stays on the standard tier before the archive tier (article §4: hot/cold tiering).</source>
            <translation>里程碑检查点在标准层停留的天数，之后转入归档层（文章 §4：冷热分层）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Checkpoint write bandwidth</source>
            <translation>检查点写入带宽</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Aggregate write bandwidth to checkpoint storage. Llama 3: Tectonic 2 TB/s sustained (Llama 3 paper §3.3.1).</source>
            <translation>写入检查点存储的总带宽。Llama 3：Tectonic 持续 2 TB/s（Llama 3 论文 §3.3.1）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Asynchronous checkpoints</source>
            <translation>异步检查点</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Only the device-to-host copy stalls training (PyTorch DCP async: 148.8 s to 6.3 s stall for 7B).</source>
            <translation>只有设备到主机的拷贝会阻塞训练（PyTorch DCP 异步：7B 模型停顿从 148.8 s 降到 6.3 s）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Trajectory hot period</source>
            <translation>轨迹热存期</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Days RL trajectories / replay buffers stay on high-IOPS storage before the archive tier.</source>
            <translation>强化学习轨迹/回放缓冲在高 IOPS 存储上停留的天数，之后转入归档层。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Network</source>
            <translation>网络</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Interconnect cost</source>
            <translation>互联成本</translation>
        </message>
        <message>
            <location line="+1" />
            <source>RoCE/InfiniBand fabric amortised per GPU-hour; 0 when bundled in the GPU price (cloud instances).</source>
            <translation>RoCE/InfiniBand 网络按GPU 小时分摊的成本；已含在 GPU 价格中时为 0（云实例）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Environment request size</source>
            <translation>环境请求大小</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Bytes sent to an environment per step (action, tool call).</source>
            <translation>每步发送给环境的字节数（动作、工具调用）。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Environment response size</source>
            <translation>环境响应大小</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Bytes returned by an environment per step (observation).</source>
            <translation>环境每步返回的字节数（观测）。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Egress volume</source>
            <translation>出站流量</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Datasets and checkpoints shipped out of the region, billed at the catalog's internet egress price.</source>
            <translation>传出本区域的数据集和检查点，按价目表中的公网出流量价格计费。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Logging and monitoring</source>
            <translation>日志与监控</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Step record size</source>
            <translation>单步记录大小</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Bytes logged per environment step (state, action, reward), article §2.4.</source>
            <translation>每个环境步记录的字节数（状态、动作、奖励），文章 §2.4。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Step sampling rate</source>
            <translation>单步采样率</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Fraction of step records kept. Article §4: sample routine steps, trace anomalies in full.</source>
            <translation>保留的单步记录比例。文章 §4：常规步采样，异常完整追踪。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Fully traced episodes</source>
            <translation>完整追踪的回合</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Share of episodes captured in full (anomalous or high-reward).</source>
            <translation>完整记录的回合比例（异常或高奖励）。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Full trace size</source>
            <translation>完整追踪大小</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Bytes per fully traced episode.</source>
            <translation>每个完整追踪回合的字节数。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Log retention period</source>
            <translation>日志保留期</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Months logs are retained (billed per GB-month).</source>
            <translation>日志保留月数（按 GB·月计费）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Metrics per training step</source>
            <translation>每训练步指标量</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Bytes of metrics logged per optimizer step (loss, norms, throughput).</source>
            <translation>每个优化器步记录的指标字节数（loss、范数、吞吐）。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Failures and checkpoints</source>
            <translation>故障与检查点</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Failure rate per GPU</source>
            <translation>单卡故障率</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Job interruptions per GPU-hour. Llama 3 405B: 419 unexpected in 54 days on 16,384 GPUs = 1.97 × 10⁻⁵ (Llama 3 paper §3.3.4).</source>
            <translation>每 GPU 小时的作业中断次数。Llama 3 405B：16,384 张 GPU 上 54 天内 419 次意外中断 = 1.97 × 10⁻⁵（Llama 3 论文 §3.3.4）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Extra failure rate per node</source>
            <translation>每节点附加故障率</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Node-level failures on top of the per-GPU rate. OPT-175B: ~2 of 124 machines a day = 6.7 × 10⁻⁴ /node-h (OPT chronicles).</source>
            <translation>在单卡故障率之外的节点级故障。OPT-175B：124 台机器每天约坏 2 台 = 6.7 × 10⁻⁴ 次/节点时（OPT 训练日志）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>GPUs per node</source>
            <translation>每节点 GPU 数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPUs in one server (HGX: 8).</source>
            <translation>单台服务器中的 GPU 数（HGX：8）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Automatic checkpoint interval</source>
            <translation>自动检查点间隔</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Use the Daly (2006) optimum interval for each phase's checkpoint stall and mean time between failures instead of a fixed interval.</source>
            <translation>按每个阶段的检查点停顿和平均故障间隔时间（MTBF）使用 Daly (2006) 最优间隔，而不是固定间隔。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Fixed checkpoint interval</source>
            <translation>固定检查点间隔</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Hours between checkpoints (τ) when not automatic. Young/Daly √(2δM) is marked on sweeps (Daly 2006).</source>
            <translation>非自动时两次检查点之间的小时数（τ）。扫描图上标出 Young/Daly 最优值 √(2δM)(Daly 2006)。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Restart time</source>
            <translation>重启时间</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Detect + reschedule + reload after a failure (R). Llama 3 implies ~17 min; NCCL hang detection alone 10 min (PyTorch default).</source>
            <translation>故障后检测 + 重新调度 + 重新加载的时间（R）。Llama 3 推算约 17 分钟；仅 NCCL 挂起检测就要 10 分钟（PyTorch 默认）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Unusable checkpoint probability</source>
            <translation>检查点不可用概率</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Chance a checkpoint cannot be restored (corrupt, partial write). Assumption; OPT-175B saw hung checkpoint downloads.</source>
            <translation>检查点无法恢复（损坏、写入不完整）的概率。假设值；OPT-175B 曾遇到检查点下载挂起。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Lost-work threshold</source>
            <translation>损失工作量阈值</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Recovery risk reports the chance that one failure loses more than this much work.</source>
            <translation>故障恢复风险给出单次故障损失超过该工作量的概率。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Capacity</source>
            <translation>算力容量</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Elastic capacity unavailable</source>
            <translation>弹性算力不可得概率</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Chance elastic GPUs are not available when needed. Prior: H100 blocks ≥64 GPUs available now 0.3–0.8 (risk-foundations.md §7, unverified).</source>
            <translation>需要时弹性 GPU 不可得的概率。先验：≥64 卡的 H100 资源块即时可得率 0.3–0.8（risk-foundations.md §7，未经验证）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Mean wait for capacity</source>
            <translation>容量平均等待时间</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Expected wait when elastic capacity is short (hours to days, risk-foundations.md §7).</source>
            <translation>弹性算力不足时的期望等待时间（数小时到数天，risk-foundations.md §7）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Spot interruption rate</source>
            <translation>竞价实例中断率</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Share of spot instances interrupted per month (AWS Spot advisor bands; H100 p5 10–20 %, 2025).</source>
            <translation>每月被中断的竞价实例比例（AWS Spot advisor 区间；H100 p5 为 10–20 %，2025）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Engineering effort</source>
            <translation>工程投入</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Environment types</source>
            <translation>环境类型数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Kinds of RL environment to build (article §2.5: engineering per environment type).</source>
            <translation>需要构建的强化学习环境种类数（文章 §2.5：每种环境的工程投入）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Effort per environment type</source>
            <translation>每种环境工作量</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Engineer-months to build one environment type. Assumption.</source>
            <translation>构建一种环境所需的人月数。假设值。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Engineer cost per month</source>
            <translation>工程师月成本</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Fully loaded monthly cost of one engineer, in the scenario currency. Assumption.</source>
            <translation>一名工程师的全口径月成本，以场景货币计。假设值。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Maintenance staff</source>
            <translation>运维人员</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Engineers keeping the training system running for the plan's duration.</source>
            <translation>计划期间维护训练系统运行的工程师人数。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Infrastructure as code</source>
            <translation>基础设施即代码</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Environments defined with a general orchestration tool, started and destroyed by script (article §4.5): per-type effort and maintenance staff scale by the infrastructure-as-code factor.</source>
            <translation>用通用编排工具定义环境，由脚本拉起和销毁（文章 4.5 节）：每类环境的工作量与运维人力乘以“基础设施即代码”系数。</translation>
        </message>
        <message>
            <location line="+6" />
            <location line="+7" />
            <source>Budget</source>
            <translation>预算</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Total budget; 0 means none set.</source>
            <translation>总预算；0 表示未设置。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Daily alert line</source>
            <translation>每日告警线</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Spend per day that raises an alert (article §3); 0 means none.</source>
            <translation>触发告警的每日支出（文章 §3）；0 表示不设。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Deadline</source>
            <translation>截止期限</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Days from the start date by which the plan must be done; the Monte Carlo runs give the chance of missing it. 0 means none.</source>
            <translation>方案须在开始日期后多少天内完成；蒙特卡洛运行给出错过它的概率。0 表示不设。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Assumptions</source>
            <translation>假设参数</translation>
        </message>
        <message>
            <location line="+7" />
            <source>FP8 training speed-up</source>
            <translation>FP8 训练加速比</translation>
        </message>
        <message>
            <location line="+1" />
            <source>k_precision for FP8 training over BF16 (cost-model.md §2). Megatron-Bridge H100 FP8 runs reach 72–75 % of BF16 peak.</source>
            <translation>FP8 相对 BF16 训练的 k_precision（cost-model.md §2）。Megatron-Bridge 在 H100 上的 FP8 训练达到 BF16 峰值的 72–75 %。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Full recompute factor</source>
            <translation>完全重计算系数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Throughput factor of full activation recompute: 6 of 8 FLOPs per parameter-token are useful (cost-model.md §2).</source>
            <translation>完全激活重计算的吞吐系数：每参数·token 的 8 个 FLOPs 中有 6 个是有效的（cost-model.md §2）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>CUDA context and workspace</source>
            <translation>CUDA 上下文与工作区</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Fixed per-GPU memory for context, NCCL buffers, workspace (0.3–0.5 GiB context with lazy loading; pytorch #107667).</source>
            <translation>每卡用于上下文、NCCL 缓冲和工作区的固定显存（懒加载时上下文 0.3–0.5 GiB；pytorch #107667）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Allocator fragmentation</source>
            <translation>分配器碎片</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Peak reserved over allocated memory (0–20 %, risk-foundations.md §1.1).</source>
            <translation>峰值保留显存与已分配显存之比（0–20 %，risk-foundations.md §1.1）。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Memory estimate error</source>
            <translation>显存估算误差</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Relative standard deviation of the memory estimate (σ_rel). LLMem reports 1.6–3 % for its method; ours is coarser.</source>
            <translation>显存估算的相对标准差 (σ_rel)。LLMem 报告其方法为 1.6–3 %；本工具更粗略。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Decode bandwidth efficiency</source>
            <translation>解码带宽效率</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Achieved fraction of HBM bandwidth while decoding (roofline, cost-model.md §4).</source>
            <translation>解码时实际达到的 HBM 带宽比例（屋顶线模型，cost-model.md §4）。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Decode compute efficiency</source>
            <translation>解码计算效率</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Achieved fraction of tensor peak when decode is compute-bound.</source>
            <translation>解码受计算限制时实际达到的张量峰值比例。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Prefill MFU</source>
            <translation>预填充 MFU</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Model-FLOPs utilisation of prompt processing's matmuls (llm-analysis guidance 0.5 train / 0.7 inference is optimistic). With rollout or inference TP &gt; 1 the two all-reduces per layer are charged on top, per chunk of 8,192 tokens.</source>
            <translation>处理提示词时矩阵乘法的模型 FLOPs 利用率（llm-analysis 建议的训练 0.5 / 推理 0.7 偏乐观）。当 rollout 或推理 TP &gt; 1 时，每层两次 all-reduce 另行计入，按每块 8,192 个 token 计。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Weight sync bandwidth</source>
            <translation>权重同步带宽</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Aggregate bandwidth pushing trained weights to rollout engines (Kimi checkpoint-engine: 1T params in ~20 s).</source>
            <translation>将训练后的权重推送到 rollout 引擎的总带宽（Kimi checkpoint-engine：1T 参数约 20 s）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Weight sync fixed latency</source>
            <translation>权重同步固定延迟</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Fixed part of a weight sync per iteration (5–30 s prior, risk-foundations.md §3.2).</source>
            <translation>每次迭代权重同步的固定耗时（先验 5–30 s，risk-foundations.md §3.2）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Colocated switch time</source>
            <translation>共置切换时间</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Offload/reload between rollout and training on a colocated pool, per iteration. Assumption.</source>
            <translation>共置资源池上每次迭代在 rollout 与训练之间卸载/重载的时间。假设值。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Host memory per GPU process</source>
            <translation>每个 GPU 进程的主机内存</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Host (CPU) RAM of each GPU's framework process: Python, CUDA libraries, data loader workers. An assumption: the reference has no measured figure.</source>
            <translation>每个 GPU 的框架进程占用的主机（CPU）内存：Python、CUDA 库、数据加载进程。此为假设：参考资料中没有实测数据。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Ray object store share of node RAM</source>
            <translation>Ray 对象存储占节点内存的比例</translation>
        </message>
        <message>
            <location line="+1" />
            <source>RL frameworks on Ray (veRL, OpenRLHF, NeMo RL): the object store reserves this share of each node's RAM. Ray documentation, Memory Management: "By default, when starting an instance, Ray reserves 30% of available memory."</source>
            <translation>基于 Ray 的 RL 框架（veRL、OpenRLHF、NeMo RL）：对象存储预留每个节点内存的这一比例。Ray 文档 Memory Management：“By default, when starting an instance, Ray reserves 30% of available memory.”（默认预留可用内存的 30%）</translation>
        </message>
        <message>
            <location line="+12" />
            <source>CPU Adam rate per node</source>
            <translation>每节点 CPU Adam 速率</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Parameters the host CPUs of one node update per second when the optimizer is offloaded; the node's GPUs share it. DeepSpeed PR #735 (DeepSpeedCPUAdam): an 11.6 B-parameter GPT-2 step took 8.2 s, 1.4 billion parameters per second; checked against DeepSpeed issue #6834 (72 B over 4 nodes, about 10 s with offload).</source>
            <translation>优化器卸载时，一个节点的主机 CPU 每秒更新的参数数；该节点的 GPU 共享此速率。DeepSpeed PR #735（DeepSpeedCPUAdam）：116 亿参数的 GPT-2 一步用时 8.2 秒，即每秒 14 亿参数；已与 DeepSpeed issue #6834 对照（720 亿参数、4 个节点，卸载时约 10 秒）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Host link where the catalog has none</source>
            <translation>价目表未给出时的主机链路</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPU–host bandwidth per GPU and direction for parameter offload when the catalog gives none: PCIe Gen4 x16, 16 GT/s × 16 lanes ≈ 32 GB/s (PCI-SIG).</source>
            <translation>价目表未给出时，参数卸载所用的每 GPU 每方向 GPU–主机带宽：PCIe Gen4 x16，16 GT/s × 16 通道 ≈ 32 GB/s（PCI-SIG）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Monte Carlo: failure-rate spread</source>
            <translation>蒙特卡洛：故障率离散度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Log-normal σ of the failure rate drawn once per Monte Carlo run around the plan's rate (risk-foundations.md §8: λ ~ LogNormal(median, 0.5); fleets differ 1–3× in §5.1).</source>
            <translation>每次蒙特卡洛运行围绕计划故障率抽取一次的对数正态 σ（risk-foundations.md §8：λ ~ LogNormal(中位数， 0.5)；§5.1 中不同集群相差 1–3 倍）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Monte Carlo: restart-time spread</source>
            <translation>蒙特卡洛：重启时间离散度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Log-normal σ of the restart time drawn once per run; 0.55 puts 90 % of runs between 4 and 25 min around a 10 min restart (risk-foundations.md §8: R ~ LogNormal over 5–30 min).</source>
            <translation>每次运行抽取一次的重启时间对数正态 σ；取 0.55 时，以 10 分钟重启为中心，90 % 的运行落在 4 到 25 分钟之间（risk-foundations.md §8：R ~ 5–30 分钟的对数正态）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Monte Carlo: throughput spread</source>
            <translation>蒙特卡洛：吞吐离散度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Normal σ of the achieved throughput drawn once per run (risk-foundations.md §8: multiplier ~ N(1, 0.05)); it scales the working hours.</source>
            <translation>每次运行抽取一次的实际吞吐正态 σ（risk-foundations.md §8：乘数 ~ N(1, 0.05)）；它缩放有效工作时长。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Monte Carlo: straggler spread</source>
            <translation>蒙特卡洛：掉队离散度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Log-normal σ of the straggler spread per GPU (assumptions.straggler_cv) drawn once per run; the production step of a pre-training phase follows it. 0.49 puts the healthy 1–5 % of risk-foundations.md §6 at the 5th and 95th percentiles around the default 2 % (ln 5 / 2 / 1.645).</source>
            <translation>每次运行抽取一次的每块 GPU 掉队离散度（assumptions.straggler_cv）的对数正态 σ；预训练阶段的生产训练步随之变化。0.49 使 risk-foundations.md §6 中健康的 1–5 % 落在默认 2 % 两侧的第 5 和第 95 百分位（ln 5 / 2 / 1.645）。</translation>
        </message>
        <message>
            <location line="+16" />
            <source>Monte Carlo: failure-time shape (Weibull k)</source>
            <translation>蒙特卡洛：故障间隔形状（Weibull k）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Shape of the time between job failures, same mean as the MTBF. 1 is the Poisson process the engine assumes; below 1 failures come in bursts, one soon after another (infant mortality, lemon nodes, new clusters: risk-foundations.md §5.1, unverified; 0.7 is a common fit for HPC failure logs, Schroeder &amp; Gibson, DSN 2006). Only the Monte Carlo uses it.</source>
            <translation>作业故障间隔时间的形状参数，均值与 MTBF 相同。1 即引擎假设的泊松过程；小于 1 时故障成串出现，一次紧接一次（早期失效、问题节点、新集群：risk-foundations.md §5.1，未核实；0.7 是 HPC 故障日志的常见拟合值，Schroeder &amp; Gibson，DSN 2006）。仅蒙特卡洛使用此参数。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Monte Carlo: environment-latency spread</source>
            <translation>蒙特卡洛：环境延迟离散度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Log-normal σ of a factor on every environment step's latency, drawn once per run: how far the plan's latency guess may be off (0.3 puts 90 % of runs within ×0.6–×1.6). An assumption, not a measured figure; the spread of single steps within a run is rl.env_latency_sigma. Synchronous pipelines wait for all of it, asynchronous ones only where environments outlast generation.</source>
            <translation>每次运行抽取一次、作用于每个环境步延迟的对数正态因子的 σ：计划对延迟的估计可能偏差多少（0.3 时 90 % 的运行落在 ×0.6–×1.6 之间）。这是假设，不是实测值；单次运行内各步的离散度见 rl.env_latency_sigma。同步流水线要等待全部延迟，异步流水线只在环境耗时超过生成时才受影响。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Straggler spread per GPU</source>
            <translation>每块 GPU 的掉队离散度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Coefficient of variation of one GPU's step time in a production run. Every step waits for the slowest of the phase's GPUs, so the production step is longer by E[max]/E[one] − 1 (log-normal; +2.9 % on 8 GPUs, +7.1 % on 2,048, +8.2 % on 16,384 at 2 %). Healthy ranks vary by 1–5 % (risk-foundations.md §6); ByteDance's traces of 3,079 jobs found 10.4 % of GPU-hours lost to stragglers (OSDI'25, arXiv 2505.05713). 0 = a benchmark's step. Pre-training phases only.</source>
            <translation>生产训练中单块 GPU 步长的变异系数。每一步都要等待该阶段最慢的 GPU，因此生产训练步比基准长 E[max]/E[one] − 1（对数正态；在 2 % 时，8 块 GPU +2.9 %，2,048 块 +7.1 %，16,384 块 +8.2 %）。健康的 rank 波动 1–5 %（risk-foundations.md §6）；字节跳动对 3,079 个作业的追踪发现 10.4 % 的 GPU 小时损失于掉队者（OSDI'25，arXiv 2505.05713）。0 = 基准测试的步长。仅用于预训练阶段。</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Monte Carlo: day/night throughput swing</source>
            <translation>蒙特卡洛：昼夜吞吐波动</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Peak-to-trough swing of the throughput over a day; the engine's step time is taken as the day's mean, and each run starts at a random time of day. Llama 3 reports a 1–2 % diurnal throughput variation from mid-day temperatures (GPU frequency scaling; Dubey et al. 2024, §3.3.4). Over whole days it averages out: a phase moves by at most swing × 24/π hours (7 min at 1.5 %), so it matters for short phases and tight deadlines only.</source>
            <translation>一天之内吞吐的峰谷波动幅度；引擎的步时被视为全天平均值，每次运行从一天中的随机时刻开始。Llama 3 报告了因正午高温（GPU 降频）造成的 1–2 % 昼夜吞吐变化（Dubey 等，2024，§3.3.4）。按整天计算会相互抵消：一个阶段的结束时间最多移动 波动 × 24/π 小时（1.5 % 时为 7 分钟），因此只对短阶段和紧迫的截止日期有影响。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Divergence hazard, stabilised</source>
            <translation>发散风险率（稳定训练配方）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Loss-spike hazard per step for a stabilised recipe (DeepSeek-V3: no rollbacks over 14.8T tokens).</source>
            <translation>稳定训练配方下每步出现 loss 尖峰的风险率（DeepSeek-V3：14.8 万亿 token 训练中无回滚）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Divergence hazard, unstabilised</source>
            <translation>发散风险率（无稳定措施）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Hazard per step for ≥100B dense models without qk-norm: PaLM 540B ~20 spikes in ~255k steps = 7.8 × 10⁻⁵.</source>
            <translation>无 qk-norm 的 ≥100B 稠密模型每步风险率：PaLM 540B 约 255k 步中约 20 次尖峰 = 7.8 × 10⁻⁵。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>RL collapse hazard</source>
            <translation>强化学习崩溃风险率</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Collapse hazard per RL iteration with BF16 rollouts. Assumption (phenomenological prior, risk-foundations.md §4.3).</source>
            <translation>BF16 rollout 下每次强化学习迭代的崩溃风险率。假设值（经验先验，risk-foundations.md §4.3）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Learning-rate sensitivity</source>
            <translation>学习率敏感度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Hazard grows as (lr factor)^k; k 4–8 (Wortsman et al. 2023 LR sweeps).</source>
            <translation>风险率按 (学习率系数)^k 增长；k 为 4–8（Wortsman 等 2023 学习率扫描）。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>FP8 rollout hazard multiplier</source>
            <translation>FP8 rollout 风险倍数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>RL hazard multiplier for FP8 rollouts without importance-sampling correction (FlashRL: significant drop without TIS).</source>
            <translation>无重要性采样校正时 FP8 rollout 的强化学习风险倍数（FlashRL：不用 TIS 时效果显著下降）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>INT8 rollout hazard multiplier</source>
            <translation>INT8 rollout 风险倍数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>As FP8, for INT8 rollouts (FlashRL, QuRL).</source>
            <translation>同 FP8，适用于 INT8 rollout（FlashRL、QuRL）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>INT4 rollout hazard multiplier</source>
            <translation>INT4 rollout 风险倍数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>As FP8, for INT4 rollouts. Assumption: larger train–inference mismatch.</source>
            <translation>同 FP8，适用于 INT4 rollout。假设：训练与推理的不一致更大。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Penalty left with TIS</source>
            <translation>TIS 后残余惩罚</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Share of the quantization hazard and mismatch left with truncated importance sampling (FlashRL, FP8-RL: with TIS, FP8/INT8 rollouts match BF16 learning).</source>
            <translation>使用截断重要性采样（TIS）后残留的量化风险与失配比例（FlashRL、FP8-RL：使用 TIS 时，FP8/INT8 rollout 的学习效果与 BF16 相当）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Staleness hazard</source>
            <translation>陈旧度风险</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Extra RL hazard per policy version of staleness in asynchronous pipelines (AReaL caps staleness 1–8).</source>
            <translation>异步流水线中每滞后一个策略版本增加的强化学习风险（AReaL 将陈旧度限制在 1–8）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Unrecoverable divergence, first-of-kind run</source>
            <translation>不可恢复发散（首次尝试的配方）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Chance that a first-of-kind pre-training run of ≥100B parameters diverges beyond rollback and must be re-planned: 0.05–0.2 (risk-foundations.md §4.3, assumption); scaled by (size/100B)² below 100B; a proven recipe carries none.</source>
            <translation>≥100B 参数、首次尝试的预训练运行发散且无法回滚挽救、必须重新规划的概率：0.05–0.2（risk-foundations.md §4.3，假设）；低于 100B 时按 (规模/100B)² 缩放；成熟配方不计此项。</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Sampler–trainer token KL (BF16)</source>
            <translation>采样器–训练端 token KL（BF16）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>KL between the rollout engine's and the trainer's token probabilities at BF16 on a dense model: 10⁻³, range 4 × 10⁻⁴–10⁻² (risk-foundations.md §3.3); ×3 for MoE, × the quantization multiplier (less with TIS).</source>
            <translation>稠密模型在 BF16 下 rollout 引擎与训练端 token 概率之间的 KL：10⁻³，范围 4 × 10⁻⁴–10⁻²（risk-foundations.md §3.3）；MoE ×3，再乘以量化倍数（使用 TIS 时更小）。</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Mismatch at half-collapse</source>
            <translation>半数崩溃时的失配 η</translation>
        </message>
        <message>
            <location line="+1" />
            <source>η = generated tokens per episode × token KL at which half of reference-length runs collapse beyond rollback. Assumption anchored on FlashRL: FP8/INT8 rollout without TIS on 32B reasoning (about 8,000 tokens × 8 × 10⁻³ = 64) has p_fail 0.3–0.6 (risk-foundations.md §3.3).</source>
            <translation>η = 每个 episode 生成的 token 数 × token KL；在该值下，一半参考长度的运行会崩溃且无法回滚。假设锚定于 FlashRL：32B 推理任务上不使用 TIS 的 FP8/INT8 rollout（约 8,000 token × 8 × 10⁻³ = 64）的 p_fail 为 0.3–0.6（risk-foundations.md §3.3）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Mismatch collapse steepness</source>
            <translation>失配崩溃陡度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Slope of the logistic p_fail in ln η (risk-foundations.md §3.3); 2.5 puts a BF16 run with 8,000 generated tokens (η = 8) at 0.6 % per reference run, near zero for a proven recipe.</source>
            <translation>p_fail 关于 ln η 的逻辑斯蒂斜率（risk-foundations.md §3.3）；取 2.5 时，生成 8,000 token 的 BF16 运行（η = 8）每个参考运行的概率为 0.6 %，对成熟配方接近于零。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Reference RL run length</source>
            <translation>参考 RL 运行长度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Iterations of the run the collapse prior is stated for; a shorter run carries proportionally less hazard. Assumption.</source>
            <translation>崩溃先验所对应的运行迭代数；更短的运行按比例承担更小的风险。假设。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Mismatch slowdown</source>
            <translation>失配减速</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Extra RL iterations per unit of (mismatch multiplier − 1): a biased gradient learns slower (FlashRL: significant drop without TIS). Default: FP8 without TIS +35 % iterations, with TIS +1.75 %. Assumption.</source>
            <translation>每单位（失配倍数 − 1）带来的额外 RL 迭代比例：有偏梯度学得更慢（FlashRL：不用 TIS 时效果显著下降）。默认：不用 TIS 的 FP8 迭代 +35 %，使用 TIS 时 +1.75 %。假设。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Divergence detection</source>
            <translation>发散检测</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Steps until a spike monitor fires (10–100, risk-foundations.md §4.3).</source>
            <translation>尖峰监控触发前经过的步数（10–100，risk-foundations.md §4.3）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Rollback margin</source>
            <translation>回滚余量</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Steps rolled back before the spike (PaLM: ~100 steps, §5.1).</source>
            <translation>回滚到尖峰之前的步数（PaLM：约 100 步，§5.1）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>FP8 rollout compute speed-up</source>
            <translation>FP8 rollout 计算加速比</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Compute-side speed-up of FP8/INT8 decode kernels (FP8-RL: up to 1.44× rollout throughput).</source>
            <translation>FP8/INT8 解码内核在计算侧的加速（FP8-RL：rollout 吞吐最高 1.44×）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Asynchronous checkpoint stall</source>
            <translation>异步检查点停顿</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Fixed stall of an asynchronous checkpoint: snapshot, barrier, staging (PyTorch DCP async: 6.3 s for 7B; risk-foundations.md §9: 5 s).</source>
            <translation>异步检查点的固定停顿：快照、同步屏障、暂存（PyTorch DCP 异步：7B 为 6.3 s；risk-foundations.md §9：5 s）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Instance boot, billed</source>
            <translation>实例启动（计费）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Billed time of starting a released environment instance once per iteration: EC2 per-second billing charges at least 60 s per start (AWS EC2 pricing); container pools start faster.</source>
            <translation>每次迭代启动一次已释放环境实例的计费时间：EC2 按秒计费每次启动至少收 60 秒（AWS EC2 定价）；容器池启动更快。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Effort left with infrastructure as code</source>
            <translation>基础设施即代码后剩余的工作量</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Share of per-environment-type effort and maintenance staff left when environments are defined as code. Assumption (no published measurement): 0.6; set your team's own.</source>
            <translation>用代码定义环境后，每类环境工作量与运维人力剩余的比例。假设（无公开测量）：0.6；请填写团队自己的数值。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Device-to-host bandwidth</source>
            <translation>设备到主机带宽</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Per-GPU copy bandwidth that bounds the stall of an asynchronous checkpoint (PCIe Gen4 x16 ≈ 25 GB/s).</source>
            <translation>决定异步检查点停顿时间的单卡拷贝带宽（PCIe Gen4 x16 ≈ 25 GB/s）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Total cost uncertainty</source>
            <translation>总成本不确定度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Relative standard deviation of the total used for the budget risk until Monte Carlo exists.</source>
            <translation>在蒙特卡洛模拟实现之前，预算风险所用总成本的相对标准差。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Resources</source>
            <translation>资源</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Accelerator</source>
            <translation>加速卡</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPU type from the catalog (specifications and prices with sources).</source>
            <translation>价目表中的 GPU 型号（规格和价格均注明来源）。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>GPU count</source>
            <translation>GPU 数量</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPUs held by the phase. Published runs span 384–16,384.</source>
            <translation>该阶段占用的 GPU 数。公开的训练规模为 384–16,384 卡。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Elastic share</source>
            <translation>弹性比例</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Share of GPU-hours bought elastic (on-demand or spot); the rest is reserved, fixed cost (article §3).</source>
            <translation>以弹性方式（按需或竞价）购买的GPU 小时比例；其余为预留的固定成本（文章 §3）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Elastic purchase kind</source>
            <translation>弹性购买方式</translation>
        </message>
        <message>
            <location line="+1" />
            <source>How the elastic share is bought. Spot is 60–90 % cheaper and can be interrupted (AWS, GCP).</source>
            <translation>弹性部分的购买方式。竞价实例便宜 60–90 %，但可能被中断（AWS、GCP）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Environment instance</source>
            <translation>环境实例</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Instance type running environment workers; light environments belong on CPU instances (article §4).</source>
            <translation>运行环境 worker 的实例类型；轻量环境应放在 CPU 实例上（文章 §4）。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Derive size from shape</source>
            <translation>由结构推算规模</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Count parameters from layers, hidden size, heads, FFN and vocabulary; off: give the count directly.</source>
            <translation>根据层数、隐藏维度、注意力头、FFN 和词表计算参数量；关闭时直接填写参数量。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Parameters</source>
            <translation>参数</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Total parameters when not derived from the shape. Default: Llama 3 8B (8.03B).</source>
            <translation>不由结构推算时的总参数量。默认：Llama 3 8B（8.03B）。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Active parameters</source>
            <translation>激活参数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Parameters used per token (MoE); 0 means dense (= total).</source>
            <translation>每个 token 使用的参数量（MoE）；0 表示稠密模型（= 总参数）。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Layers</source>
            <translation>层数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Transformer blocks (L). Llama 3 8B: 32.</source>
            <translation>Transformer 块数（L）。Llama 3 8B：32。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Hidden size</source>
            <translation>隐藏维度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Model width h. Llama 3 8B: 4096.</source>
            <translation>模型宽度 h。Llama 3 8B：4096。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Attention heads</source>
            <translation>注意力头数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Query heads a.</source>
            <translation>查询头数 a。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>KV heads</source>
            <translation>KV 头数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Key/value heads (GQA groups); equal to heads for MHA. Llama 3: 8.</source>
            <translation>键/值头数（GQA 分组数）；MHA 时等于注意力头数。Llama 3：8。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Head dimension</source>
            <translation>头维度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>0 = hidden / heads.</source>
            <translation>0 = 隐藏维度 / 头数。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>hidden ÷ heads</source>
            <translation>隐藏维度 ÷ 头数</translation>
        </message>
        <message>
            <location line="+12" />
            <source>FFN size</source>
            <translation>FFN 维度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>MLP inner size (per expert for MoE). Llama 3 8B: 14,336.</source>
            <translation>MLP 中间维度（MoE 时为每个专家）。Llama 3 8B：14,336。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Vocabulary</source>
            <translation>词表大小</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Tokens in the vocabulary. Llama 3: 128,256.</source>
            <translation>词表中的 token 数。Llama 3：128,256。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Sliding window</source>
            <translation>滑动窗口</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Attention window in tokens on sliding-window layers; 0 = full attention.</source>
            <translation>滑动窗口层的注意力窗口（token）；0 = 全注意力。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>full attention</source>
            <translation>全注意力</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Routed experts</source>
            <translation>路由专家数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>MoE routed experts per MoE layer; 0 = dense.</source>
            <translation>每个 MoE 层的路由专家数；0 = 稠密。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Experts per token</source>
            <translation>每 token 专家数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Routed experts active per token (top-k).</source>
            <translation>每个 token 激活的路由专家数 (top-k)。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Shared experts</source>
            <translation>共享专家数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Always-active experts (DeepSeek-V3: 1).</source>
            <translation>始终激活的专家数（DeepSeek-V3：1）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Expert capacity factor</source>
            <translation>专家容量因子</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Tokens an expert takes, as a multiple of an even share (tokens × top-k ÷ experts); its buffers are padded to it, so activation memory of the routed experts scales with it; below 1 tokens are dropped. 0 = dropless routing, Megatron-Core's default (--moe-expert-capacity-factor unset). Switch Transformer §2.2.</source>
            <translation>每个专家接收的 token 数，为均匀份额（token 数 × top-k ÷ 专家数）的倍数；其缓冲区按此填充，因此路由专家的激活显存随之增长；小于 1 时会丢弃 token。0 表示无丢弃路由，即 Megatron-Core 的默认设置（未设置 --moe-expert-capacity-factor）。见 Switch Transformer §2.2。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>dropless</source>
            <translation>无丢弃</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Gated MLP</source>
            <translation>门控 MLP</translation>
        </message>
        <message>
            <location line="+1" />
            <source>SwiGLU/GeGLU MLP with 3 matrices (Llama, Qwen) instead of 2 (GPT); Megatron PR #682.</source>
            <translation>SwiGLU/GeGLU MLP 有 3 个矩阵（Llama、Qwen），而非 2 个（GPT）；Megatron PR #682。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Tied embeddings</source>
            <translation>共享嵌入</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Input embedding shared with the LM head: fewer parameters, same FLOPs (TRL #6708).</source>
            <translation>输入嵌入与 LM head 共享：参数更少，FLOPs 不变（TRL #6708）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Sliding-window layers</source>
            <translation>滑动窗口层比例</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Share of layers using the sliding window (GPT-OSS: every other layer = 0.5).</source>
            <translation>使用滑动窗口的层比例（GPT-OSS：隔层使用 = 0.5）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>MoE layers</source>
            <translation>MoE 层比例</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Share of layers whose MLP is a mixture of experts (DeepSeek-V3: 58 of 61).</source>
            <translation>MLP 为混合专家的层比例（DeepSeek-V3：61 层中 58 层）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Dense-layer FFN size</source>
            <translation>稠密层 FFN 大小</translation>
        </message>
        <message>
            <location line="+1" />
            <source>FFN size of the layers that are not MoE; 0 = the expert FFN size (DeepSeek-V3: 18,432 in its first 3 layers, HF intermediate_size).</source>
            <translation>非 MoE 层的 FFN 大小；0 = 与专家 FFN 相同（DeepSeek-V3：前 3 层为 18,432，即 HF 的 intermediate_size）。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>MLA KV latent</source>
            <translation>MLA KV 潜在维度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Multi-head latent attention: the KV latent cached per token and layer (DeepSeek-V2/V3: 512); 0 = no MLA (multi-head or grouped-query attention).</source>
            <translation>多头潜在注意力（MLA）：每个 token、每层缓存的 KV 潜在向量维度（DeepSeek-V2/V3：512）；0 = 不用 MLA（多头或分组查询注意力）。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>MLA query latent</source>
            <translation>MLA 查询潜在维度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Query latent of MLA (DeepSeek-V3: 1,536); 0 = full-rank queries (DeepSeek-V2-Lite).</source>
            <translation>MLA 的查询潜在维度（DeepSeek-V3：1,536）；0 = 满秩查询（DeepSeek-V2-Lite）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>MLA RoPE dimension</source>
            <translation>MLA RoPE 维度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Decoupled RoPE query/key dimension per head, its key shared by all heads and cached with the latent (DeepSeek-V2/V3: 64).</source>
            <translation>每个头解耦的 RoPE 查询/键维度，其键由所有头共享并与潜在向量一起缓存（DeepSeek-V2/V3：64）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>MLA query/key dimension</source>
            <translation>MLA 查询/键维度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Query/key dimension per head without RoPE (DeepSeek-V2/V3: 128).</source>
            <translation>每个头不含 RoPE 的查询/键维度（DeepSeek-V2/V3：128）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>MLA value dimension</source>
            <translation>MLA 值维度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Value dimension per head under MLA (DeepSeek-V2/V3: 128).</source>
            <translation>MLA 下每个头的值维度（DeepSeek-V2/V3：128）。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Pre-training</source>
            <translation>预训练</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Parallelism and memory</source>
            <translation>并行与显存</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Training tokens</source>
            <translation>训练 token 数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Tokens trained on (T). Llama 3: 15T; Qwen3: 36T (arXiv 2505.09388); Chinchilla-optimal ≈ 20 per parameter.</source>
            <translation>训练的 token 数（T）。Llama 3：15T；Qwen3：36T（arXiv 2505.09388）；Chinchilla 最优约为每参数 20 个。</translation>
        </message>
        <message>
            <location line="+8" />
            <location line="+867" />
            <source>Target</source>
            <translation>目标</translation>
        </message>
        <message>
            <location line="-858" />
            <source>Target loss</source>
            <translation>目标损失</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Train until the loss law says this loss (nats per token, on the law's own validation data) is reached at this model size; sets the training tokens. 0 = sized by the tokens you enter (issue 46; docs/model-reference.md §11).</source>
            <translation>训练到损失定律认为此模型规模达到该损失为止（每 token 的 nats，以定律自身的验证数据计）；据此设定训练 token 数。0 = 按您输入的 token 数（issue 46；docs/model-reference.md §11）。</translation>
        </message>
        <message>
            <location line="+3" />
            <location line="+273" />
            <location line="+14" />
            <location line="+15" />
            <location line="+28" />
            <location line="+537" />
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <location line="-857" />
            <source>Loss law</source>
            <translation>损失定律</translation>
        </message>
        <message>
            <location line="+1" />
            <source>L(N, D) = E + A/N^α + B/D^β. Besiroglu et al. 2024 refit Chinchilla's runs (arXiv 2404.10102); Hoffmann et al. 2022 approach 3 as published; the VPNLS refit of Llama 3's IsoFLOP runs (arXiv 2603.22339). Custom: your own fit or values typed in.</source>
            <translation>L(N, D) = E + A/N^α + B/D^β。Besiroglu 等 2024 重新拟合了 Chinchilla 的实验（arXiv 2404.10102）；Hoffmann 等 2022 方法 3 为原文数值；Llama 3 IsoFLOP 实验的 VPNLS 重拟合（arXiv 2603.22339）。自定义：您自己的拟合或手动输入的数值。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Law: irreducible loss E</source>
            <translation>定律：不可约损失 E</translation>
        </message>
        <message>
            <location line="+1" />
            <source>E, nats per token: the loss an infinite model reaches on infinite data (Besiroglu et al. 2024: 1.8172).</source>
            <translation>E，每 token 的 nats：无限大模型在无限数据上达到的损失（Besiroglu 等 2024：1.8172）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Law: model term A</source>
            <translation>定律：模型项 A</translation>
        </message>
        <message>
            <location line="+1" />
            <source>A of A/N^α, N in parameters (Besiroglu et al. 2024: 482.01).</source>
            <translation>A/N^α 中的 A，N 为参数量（Besiroglu 等 2024：482.01）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Law: data term B</source>
            <translation>定律：数据项 B</translation>
        </message>
        <message>
            <location line="+1" />
            <source>B of B/D^β, D in tokens (Besiroglu et al. 2024: 2,085.43).</source>
            <translation>B/D^β 中的 B，D 为 token 数（Besiroglu 等 2024：2,085.43）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Law: model exponent α</source>
            <translation>定律：模型指数 α</translation>
        </message>
        <message>
            <location line="+1" />
            <source>α of A/N^α (Besiroglu et al. 2024: 0.3478). 0 with A = 0: a fit at one model size.</source>
            <translation>A/N^α 中的 α（Besiroglu 等 2024：0.3478）。A = 0 时为 0：只在一个模型规模上拟合。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Law: data exponent β</source>
            <translation>定律：数据指数 β</translation>
        </message>
        <message>
            <location line="+1" />
            <source>β of B/D^β (Besiroglu et al. 2024: 0.3658).</source>
            <translation>B/D^β 中的 β（Besiroglu 等 2024：0.3658）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Law: standard error of E</source>
            <translation>定律：E 的标准误差</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Standard error of E from your fit's bootstrap (costlab-cli fit prints it). The tokens a target needs then carry σ(ln D) = σ_E/(β·(target − floor)), which the Monte Carlo samples. 0 = none.</source>
            <translation>您的拟合 bootstrap 得到的 E 的标准误差（costlab-cli fit 会输出）。达到目标所需的 token 数因此带有 σ(ln D) = σ_E/(β·(目标 − 下限))，蒙特卡洛对其抽样。0 = 无。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Law: smallest model fitted</source>
            <translation>定律：拟合的最小模型</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Parameters of the smallest run the custom law was fitted on (Fit to my runs… fills it). A model outside the fitted sizes is flagged as an extrapolation. 0 = not given.</source>
            <translation>拟合自定义定律所用实验中最小模型的参数量（“用我的实验拟合…”会填写）。超出拟合规模的模型会被标记为外推。0 = 未给出。</translation>
        </message>
        <message>
            <location line="+5" />
            <location line="+16" />
            <location line="+15" />
            <location line="+15" />
            <location line="+841" />
            <location line="+15" />
            <source>not given</source>
            <translation>未给出</translation>
        </message>
        <message>
            <location line="-892" />
            <source>Law: largest model fitted</source>
            <translation>定律：拟合的最大模型</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Parameters of the largest run the custom law was fitted on. A fit at one size (smallest = largest) flags every other model size: its E holds A/N^α of that size only. 0 = not given.</source>
            <translation>拟合自定义定律所用实验中最大模型的参数量。只在一个规模上的拟合（最小 = 最大）会把其他所有模型规模标记为外推：其 E 只包含该规模的 A/N^α。0 = 未给出。</translation>
        </message>
        <message>
            <location line="+16" />
            <source>Law: fewest tokens fitted</source>
            <translation>定律：拟合的最少 token 数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Fewest tokens of a point the custom law was fitted on. 0 = not given.</source>
            <translation>拟合自定义定律所用数据点中最少的 token 数。0 = 未给出。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Law: most tokens fitted</source>
            <translation>定律：拟合的最多 token 数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Most tokens of a point the custom law was fitted on; a target that needs more is an extrapolation. 0 = not given.</source>
            <translation>拟合自定义定律所用数据点中最多的 token 数；需要更多 token 的目标属于外推。0 = 未给出。</translation>
        </message>
        <message>
            <location line="+16" />
            <source>Score map: midpoint loss</source>
            <translation>得分映射：中点损失</translation>
        </message>
        <message>
            <location line="+1" />
            <source>S(L) = floor + (ceiling − floor)/(1 + e^(k·(L − L_mid))): the loss, on the law's scale, at which your benchmark score is half-way from floor to ceiling. The sigmoid of Llama 3 §3.2.1 and the OLMo model ladder (arXiv 2412.04403, eq. 2); neither publishes values for a loss law's scale, so fit it to your own small runs' evaluations. 0 = off. Used to compare routes on value (Compare → Value).</source>
            <translation>S(L) = floor + (ceiling − floor)/(1 + e^(k·(L − L_mid)))：在损失定律的尺度上，基准得分从下限到上限走完一半时的损失。这是 Llama 3 §3.2.1 与 OLMo 模型阶梯（arXiv 2412.04403，式 2）的 S 形关系；二者都没有发表损失定律尺度上的数值，请用你自己小规模运行的评测结果拟合。0 = 关闭。用于按价值比较路线（比较 → 价值）。</translation>
        </message>
        <message>
            <location line="+6" />
            <location line="+12" />
            <source>off</source>
            <translation>关闭</translation>
        </message>
        <message>
            <location line="-3" />
            <source>Score map: slope k</source>
            <translation>得分映射：斜率 k</translation>
        </message>
        <message>
            <location line="+1" />
            <source>k of the score map: how sharply the score rises as the loss falls past the midpoint, per nat/token. 0 = off.</source>
            <translation>得分映射的 k：损失降过中点时得分上升的陡峭程度，单位为每 nat/token。0 = 关闭。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Score map: chance score</source>
            <translation>得分映射：随机得分</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The score of a model that has learnt nothing (0 for pass rates, 0.25 for four-way multiple choice).</source>
            <translation>什么都没学到的模型的得分（通过率为 0，四选一选择题为 0.25）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Score map: best score</source>
            <translation>得分映射：最高得分</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The score the map approaches as the loss falls (1 unless the benchmark has unanswerable items).</source>
            <translation>损失下降时映射趋近的得分（除非基准中有无法回答的题目，否则为 1）。</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Sequence length</source>
            <translation>序列长度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Training context s (Llama 3: 8,192).</source>
            <translation>训练上下文长度 s（Llama 3：8,192）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Global batch</source>
            <translation>全局批大小</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Tokens per optimizer step; sets the step count for the divergence hazard (Llama 3: 16M).</source>
            <translation>每个优化器步的 token 数；决定发散风险计算中的步数（Llama 3：16M）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Training precision</source>
            <translation>训练精度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>FP8 GEMMs raise throughput by the FP8 speed-up assumption; optimizer state stays FP32 (DeepSeek-V3).</source>
            <translation>FP8 GEMM 按 FP8 加速比假设提高吞吐；优化器状态保持 FP32（DeepSeek-V3）。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Pinned MFU</source>
            <translation>固定 MFU</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Model-FLOPs utilisation (PaLM App. B convention) to use instead of the step-time model. 0 = predicted from the parallel layout (docs/model-reference.md).</source>
            <translation>代替步长时间模型使用的模型 FLOPs 利用率（MFU，PaLM 附录 B 口径）。0 = 由并行布局预测（docs/model-reference.md）。</translation>
        </message>
        <message>
            <location line="+3" />
            <location line="+1137" />
            <source>predicted</source>
            <translation>按模型预测</translation>
        </message>
        <message>
            <location line="-1126" />
            <source>Measured TFLOP/s per GPU</source>
            <translation>实测每 GPU TFLOP/s</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Model TFLOP/s per GPU measured on your cluster; overrides the pinned MFU and the step-time model. 0 = none.</source>
            <translation>在您的集群上实测的每 GPU 模型 TFLOP/s；优先于固定 MFU 和步长时间模型。0 = 无。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Measured tokens/s per GPU</source>
            <translation>实测每 GPU tokens/s</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Training throughput per GPU measured on your cluster; overrides everything else. 0 = none.</source>
            <translation>在您的集群上实测的每 GPU 训练吞吐；优先于其他所有设置。0 = 无。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Evaluation interval</source>
            <translation>评估间隔</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Optimizer steps between validation passes (Megatron --eval-interval; 1,000 in its GPT-3 175B example script, 100 in its Llama 3 8B FP8 one). Each pass pauses training for its forward-only iterations. 0 = no evaluation during training.</source>
            <translation>两次验证之间的优化器步数（Megatron --eval-interval；其 GPT-3 175B 示例脚本为 1,000，Llama 3 8B FP8 示例为 100）。每次验证都会暂停训练，运行只有前向的迭代。0 = 训练中不评估。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Evaluation iterations</source>
            <translation>评估迭代数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Forward-only iterations of one validation pass, each a third of a training step's time (a quarter under full recompute) (Megatron --eval-iters; 10 in its GPT-3 175B example script, 32 in its Llama 3 8B FP8 one).</source>
            <translation>一次验证中只有前向的迭代数，每次耗时为一个训练步的三分之一（完全重计算时为四分之一）（Megatron --eval-iters；其 GPT-3 175B 示例脚本为 10，Llama 3 8B FP8 示例为 32）。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Long-context stage: context</source>
            <translation>长上下文阶段：上下文长度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Context length of a final long-context stage (Llama 3: 8K, then 128K for the last 800B tokens). 0 = no such stage.</source>
            <translation>最后长上下文阶段的上下文长度（Llama 3：先 8K，最后 8,000 亿 token 用 128K）。0 = 无此阶段。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Long-context stage: tokens</source>
            <translation>长上下文阶段：token 数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Tokens (part of the phase's tokens) trained at the long context; attention FLOPs and step time follow the schedule.</source>
            <translation>以长上下文训练的 token 数（属于本阶段 token 数的一部分）；注意力 FLOPs 和步长时间随该计划变化。</translation>
        </message>
        <message>
            <location line="+15" />
            <location line="+1197" />
            <source>Learning-rate factor</source>
            <translation>学习率系数</translation>
        </message>
        <message>
            <location line="-1196" />
            <source>Learning rate relative to the recipe's largest stable rate; hazard ∝ factor^k (Wortsman et al. 2023).</source>
            <translation>学习率相对该配方最大稳定学习率的倍数；风险率 ∝ 系数^k（Wortsman 等 2023）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Stabilised recipe</source>
            <translation>稳定训练配方</translation>
        </message>
        <message>
            <location line="+1" />
            <source>qk-layernorm, z-loss and similar stabilisers on; off uses the PaLM spike rate for ≥100B models.</source>
            <translation>启用 qk-layernorm、z-loss 等稳定手段；关闭时对 ≥100B 模型使用 PaLM 的尖峰率。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>First-of-kind run</source>
            <translation>首次尝试的配方</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The first run of this recipe at this scale: it carries the chance of a divergence no rollback fixes (assumptions.div_unrec_new); a repeat of a proven recipe carries none (DeepSeek-V3: no irrecoverable spikes).</source>
            <translation>该配方在此规模上的首次运行：存在回滚也无法修复的发散概率（assumptions.div_unrec_new）；重复成熟配方则不计（DeepSeek-V3：没有不可恢复的尖峰）。</translation>
        </message>
        <message>
            <location line="+12" />
            <location line="+424" />
            <source>Optimizer</source>
            <translation>优化器</translation>
        </message>
        <message>
            <location line="-423" />
            <source>Bytes per parameter: AdamW 2+2+12 = 16 (ZeRO paper), 8-bit AdamW 2+2+4+2 = 10, SGD 2+2+8 = 12.</source>
            <translation>每参数字节数：AdamW 2+2+12 = 16（ZeRO 论文），8 位 AdamW 2+2+4+2 = 10，SGD 2+2+8 = 12。</translation>
        </message>
        <message>
            <location line="+10" />
            <location line="+423" />
            <source>Training-state precision</source>
            <translation>训练状态精度</translation>
        </message>
        <message>
            <location line="-413" />
            <location line="+423" />
            <source>CPU offload</source>
            <translation>CPU 卸载</translation>
        </message>
        <message>
            <location line="-412" />
            <location line="+959" />
            <source>Activation recompute</source>
            <translation>激活重计算</translation>
        </message>
        <message>
            <location line="-958" />
            <source>Korthikanti et al. 2022: selective drops the 5as/h term, full keeps 2sbh per layer and costs 8 instead of 6 FLOPs/param-token.</source>
            <translation>Korthikanti 等 2022：选择性重计算去掉 5as/h 项；完全重计算每层只保留 2sbh，代价是每参数·token 8 而非 6 FLOPs。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Recompute norms</source>
            <translation>重计算归一化层</translation>
        </message>
        <message>
            <location line="+1" />
            <source>With selective recompute, discard the outputs of the MLA attention's and the MoE layer's input norms and recompute them in backward (Megatron-Core --recompute-modules layernorm; DeepSeek-V3 §3.2.3 recomputes every RMSNorm). Norms fused into a LayerNormLinear have nothing to discard.</source>
            <translation>在选择性重计算下，丢弃 MLA 注意力和 MoE 层输入归一化的输出，反向时重计算（Megatron-Core --recompute-modules layernorm；DeepSeek-V3 §3.2.3 重计算所有 RMSNorm）。融合进 LayerNormLinear 的归一化没有可丢弃的输出。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Recompute expert activation</source>
            <translation>重计算专家激活函数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>With selective recompute, the routed experts' SwiGLU output (f per token copy) is recomputed from its input in backward (--recompute-modules moe_act; DeepSeek-V3 §3.3.3).</source>
            <translation>在选择性重计算下，路由专家的 SwiGLU 输出（每个 token 副本 f 宽）在反向时由其输入重计算（--recompute-modules moe_act；DeepSeek-V3 §3.3.3）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Recompute MLA up-projections</source>
            <translation>重计算 MLA 上投影</translation>
        </message>
        <message>
            <location line="+1" />
            <source>With selective recompute, MLA keeps only its latents: q, k and v are rebuilt from them in backward, two more GEMMs per layer (--recompute-modules mla_up_proj; DeepSeek-V3 §3.2.3).</source>
            <translation>在选择性重计算下，MLA 只保留潜向量：q、k、v 在反向时由潜向量重建，每层多两次 GEMM（--recompute-modules mla_up_proj；DeepSeek-V3 §3.2.3）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>FP8 activation input</source>
            <translation>FP8 激活函数输入</translation>
        </message>
        <message>
            <location line="+1" />
            <source>FP8 training: keep the activation's input (fc1's output) in FP8 for backward (Megatron-Core --activation-func-fp8-input-store; DeepSeek-V3 §3.3.3). Linear inputs are kept in FP8 anyway under Transformer Engine.</source>
            <translation>FP8 训练：为反向保留的激活函数输入（fc1 的输出）以 FP8 存储（Megatron-Core --activation-func-fp8-input-store；DeepSeek-V3 §3.3.3）。在 Transformer Engine 下，线性层的输入本来就以 FP8 保留。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>FlashAttention</source>
            <translation>FlashAttention</translation>
        </message>
        <message>
            <location line="+1" />
            <source>No s² attention scores stored (same as selective recompute for memory).</source>
            <translation>不存储 s² 的注意力分数（显存效果同选择性重计算）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Tensor parallel (TP)</source>
            <translation>张量并行（TP）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Tensor-parallel degree; divides model state and (with sequence parallel) activations.</source>
            <translation>张量并行度；切分模型状态以及（配合序列并行时的）激活值。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Pipeline parallel (PP)</source>
            <translation>流水线并行（PP）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Pipeline stages; the first stage holds PP micro-batches of L/PP layers under 1F1B.</source>
            <translation>流水线级数；1F1B 调度下第一级保存 PP 个微批次、L/PP 层的激活。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Expert parallel (EP)</source>
            <translation>专家并行（EP）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Expert-parallel degree; divides routed expert weights of MoE models.</source>
            <translation>专家并行度；切分 MoE 模型的路由专家权重。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Expert tensor parallel (ETP)</source>
            <translation>专家张量并行（ETP）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Splits each routed expert's FFN over ETP GPUs; EP × ETP must divide the TP × CP × DP GPUs of a pipeline stage, and the experts' gradients reduce over the rest (Megatron-Core --expert-tensor-parallel-size). 0 = TP, Megatron's default.</source>
            <translation>把每个路由专家的 FFN 切分到 ETP 个 GPU 上；EP × ETP 必须整除一个流水线阶段的 TP × CP × DP 个 GPU，专家梯度在其余 GPU 间归约（Megatron-Core --expert-tensor-parallel-size）。0 = 与 TP 相同，即 Megatron 的默认值。</translation>
        </message>
        <message>
            <location line="+4" />
            <location line="+730" />
            <source>= TP</source>
            <translation>= TP</translation>
        </message>
        <message>
            <location line="-719" />
            <source>Context parallel (CP)</source>
            <translation>上下文并行（CP）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Splits each sequence over CP GPUs; K/V blocks pass around a ring (Megatron-Core context parallelism). DP = GPUs / (TP·PP·CP).</source>
            <translation>把每个序列切分到 CP 个 GPU 上；K/V 块沿环传递（Megatron-Core 上下文并行）。DP = GPU 数 / (TP·PP·CP)。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Virtual pipeline stages</source>
            <translation>虚拟流水线阶段</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Model chunks per pipeline rank (interleaved 1F1B): the bubble shrinks to (PP−1)/(m·v), point-to-point sends grow v-fold (Narayanan et al. 2021).</source>
            <translation>每个流水线 rank 的模型块数（交错 1F1B）：气泡缩小为 (PP−1)/(m·v)，点对点发送增加 v 倍（Narayanan 等 2021）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Micro-batches per chunk group</source>
            <translation>每个分块组的微批次数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Interleaved 1F1B: micro-batches that pass one model chunk before the next. The first stage holds (PP−1)·2 + (v−1)·N + 1 chunks in warm-up, so a smaller N holds less (Megatron-Core --microbatch-group-size-per-virtual-pipeline-stage, which accepts PP ≤ N ≤ micro-batches; Llama 3 §3.3.2 trained 405B with its own schedule at N = 5 &lt; PP = 16, bubble (PP−1)/(v·m) as before).</source>
            <translation>交错 1F1B：先通过一个模型分块、再进入下一个分块的微批次数 N。第一个流水线阶段在预热时保留 (PP−1)·2 + (v−1)·N + 1 个分块，N 越小占用越少（Megatron-Core --microbatch-group-size-per-virtual-pipeline-stage，要求 PP ≤ N ≤ 微批次数；Llama 3 §3.3.2 用自己的调度以 N = 5 &lt; PP = 16 训练了 405B，气泡仍为 (PP−1)/(v·m)）。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>= PP</source>
            <translation>= PP</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Sequence parallel</source>
            <translation>序列并行</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Norms and dropout split over the TP group (Korthikanti et al. 2022).</source>
            <translation>归一化和 dropout 在 TP 组内切分（Korthikanti 等 2022）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Overlap DP communication</source>
            <translation>重叠 DP 通信</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Gradient reduce-scatter during the last backward and parameter all-gather during the first forward (Megatron --overlap-grad-reduce --overlap-param-gather), in buckets of max(40 M, 1 M × DP) parameters: the last bucket cannot overlap, so at a large DP, where one bucket holds a rank's gradients, nothing does.</source>
            <translation>梯度 reduce-scatter 与最后一次反向传播重叠，参数 all-gather 与第一次前向传播重叠（Megatron --overlap-grad-reduce --overlap-param-gather），按 max(40 M, 1 M × DP) 个参数分桶：最后一个桶无法重叠，因此在 DP 很大、一个桶装下整个 rank 的梯度时，完全无法重叠。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Overlap TP communication</source>
            <translation>重叠 TP 通信</translation>
        </message>
        <message>
            <location line="+1" />
            <source>TP collectives hidden behind GEMMs (Megatron --tp-comm-overlap), as Transformer Engine runs them by default: the overlapped GEMMs give 16 SMs to the communication and the last of 4 reduce-scatter splits is exposed.</source>
            <translation>TP 集合通信隐藏在 GEMM 之后（Megatron --tp-comm-overlap），按 Transformer Engine 的默认方式：被重叠的 GEMM 让出 16 个 SM 给通信，4 段 reduce-scatter 中的最后一段无法隐藏。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Overlap EP communication</source>
            <translation>重叠 EP 通信</translation>
        </message>
        <message>
            <location line="+1" />
            <source>MoE: each micro-batch's expert all-to-all runs behind the previous micro-batch's forward and backward (Megatron-Core --overlap-moe-expert-parallel-comm, DeepSeek-V3's DualPipe); the communication kernels keep 20 SMs (DeepSeek-V3 §3.2.2) and one more micro-batch is held in flight. Megatron needs EP &gt; 1, virtual stages when PP &gt; 1, and no full recompute (ignored there).</source>
            <translation>MoE：每个 微批次 的专家 all-to-all 与上一个 微批次 的前向和反向计算重叠（Megatron-Core --overlap-moe-expert-parallel-comm，DeepSeek-V3 的 DualPipe）；通信 kernel 占用 20 个 SM（DeepSeek-V3 §3.2.2），并多保留一个在途 微批次。Megatron 要求 EP &gt; 1、PP &gt; 1 时需虚拟流水线级，且不能全量重计算（全量重计算时不生效）。</translation>
        </message>
        <message>
            <location line="+16" />
            <location line="+634" />
            <source>ZeRO stage</source>
            <translation>ZeRO 阶段</translation>
        </message>
        <message>
            <location line="-633" />
            <source>Sharding over data parallel: 1 optimizer, 2 + gradients, 3/FSDP + weights (Rajbhandari et al. 2020).</source>
            <translation>数据并行上的切分：1 切优化器状态，2 再切梯度，3/FSDP 再切权重（Rajbhandari 等 2020）。</translation>
        </message>
        <message>
            <location line="+11" />
            <location line="+633" />
            <source>ZeRO-3 framework</source>
            <translation>ZeRO-3 框架</translation>
        </message>
        <message>
            <location line="-619" />
            <location line="+651" />
            <source>Micro-batch</source>
            <translation>微批次</translation>
        </message>
        <message>
            <location line="-650" />
            <source>Sequences per GPU per forward pass (b); activations grow linearly with it.</source>
            <translation>每卡每次前向的序列数（b）；激活值随之线性增长。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Long-context stage layout</source>
            <translation>长上下文阶段并行布局</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Long-context stage: TP</source>
            <translation>长上下文阶段：TP</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Tensor-parallel degree of the long-context stage; real runs switch layout for long context. 0 = the main stage's TP.</source>
            <translation>长上下文阶段的张量并行度；实际训练在长上下文时会切换布局。0 = 沿用主阶段的 TP。</translation>
        </message>
        <message>
            <location line="+2" />
            <location line="+13" />
            <location line="+14" />
            <location line="+14" />
            <location line="+14" />
            <source>= main</source>
            <translation>= 主阶段</translation>
        </message>
        <message>
            <location line="-44" />
            <source>Long-context stage: PP</source>
            <translation>长上下文阶段：PP</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Pipeline stages of the long-context stage. 0 = the main stage's PP.</source>
            <translation>长上下文阶段的流水线级数。0 = 沿用主阶段的 PP。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Long-context stage: virtual stages</source>
            <translation>长上下文阶段：虚拟流水线级</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Virtual pipeline stages per rank of the long-context stage. 0 = the main stage's.</source>
            <translation>长上下文阶段每个 rank 的虚拟流水线级数。0 = 沿用主阶段的设置。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Long-context stage: CP</source>
            <translation>长上下文阶段：CP</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Context-parallel degree of the long-context stage (Llama 3: CP 1 at 8K, CP 16 at 128K, §3.3.2). 0 = the main stage's CP.</source>
            <translation>长上下文阶段的上下文并行度（Llama 3：8K 时 CP 1，128K 时 CP 16，§3.3.2）。0 = 沿用主阶段的 CP。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Long-context stage: micro-batch</source>
            <translation>长上下文阶段：微批次</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Sequences per GPU per forward pass in the long-context stage. 0 = the main stage's micro-batch.</source>
            <translation>长上下文阶段每个 GPU 每次前向的序列数。0 = 沿用主阶段的 微批次。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>RL algorithm</source>
            <translation>强化学习算法</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Rollout</source>
            <translation>Rollout</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Trainer</source>
            <translation>训练端</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+808" />
            <location line="+242" />
            <source>Environments</source>
            <translation>环境</translation>
        </message>
        <message>
            <location line="-1040" />
            <source>Algorithm</source>
            <translation>算法</translation>
        </message>
        <message>
            <location line="+1" />
            <source>PPO: actor + critic + reference + reward model; GRPO: actor + reference (risk-foundations.md §3.1).</source>
            <translation>PPO：actor + critic + 参考模型 + 奖励模型；GRPO：actor + 参考模型（risk-foundations.md §3.1）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Training mode</source>
            <translation>训练方式</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Full fine-tuning, LoRA (frozen BF16 base) or QLoRA (4-bit base weights, Dettmers et al. 2023).</source>
            <translation>全参数微调、LoRA（冻结的 BF16 基座）或 QLoRA（4 位基座权重，Dettmers 等 2023）。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>LoRA rank</source>
            <translation>LoRA 秩</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Rank r of the adapters; trainable parameters = r·(d_in + d_out) per adapted matrix.</source>
            <translation>适配器的秩 r；每个适配矩阵的可训练参数 = r·(d_in + d_out)。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>LoRA targets</source>
            <translation>LoRA 目标层</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Adapt attention projections only, or every linear layer (QLoRA paper).</source>
            <translation>只适配注意力投影，或适配所有线性层（QLoRA 论文）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Bytes per trainable parameter: AdamW 16, 8-bit AdamW 10, SGD 12.</source>
            <translation>每个可训练参数的字节数：AdamW 16，8 位 AdamW 10，SGD 12。</translation>
        </message>
        <message>
            <location line="+33" />
            <source>RL iterations</source>
            <translation>强化学习迭代次数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Policy updates. DeepSeek-R1-Zero: 10,400 steps; veRL DAPO runs: 400.</source>
            <translation>策略更新次数。DeepSeek-R1-Zero：10,400 步；veRL DAPO 训练：400 步。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Target score</source>
            <translation>目标得分</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Run until the compute–performance curve says this score (pass rate, 0–1, on the curve's own prompts) is reached; sets the RL iterations from the plan's GPU-hours per iteration. 0 = sized by the iterations you enter (issue 46; docs/model-reference.md §11).</source>
            <translation>运行到算力–性能曲线认为达到该得分为止（通过率 0–1，以曲线自身的提示集计）；根据计划每次迭代的 GPU 小时设定 RL 迭代次数。0 = 按您输入的迭代次数（issue 46；docs/model-reference.md §11）。</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Compute–performance curve</source>
            <translation>算力–性能曲线</translation>
        </message>
        <message>
            <location line="+1" />
            <source>R(C) = R0 + (A − R0)/(1 + (C_mid/C)^B). ScaleRL presets: Khatri et al. 2025 (arXiv 2510.13786) table 1, GB200 GPU-hours, pass rate on held-out Polaris-53K math prompts; GPU-hours become policy steps at the paper's GPU-hours per step (100,000 GPU-hours in 7,400 steps for the 8B), and this phase runs that many iterations. Custom: your own fit or values typed in.</source>
            <translation>R(C) = R0 + (A − R0)/(1 + (C_mid/C)^B)。ScaleRL 预设：Khatri 等 2025（arXiv 2510.13786）表 1，GB200 GPU 小时，在留出的 Polaris-53K 数学题上的通过率；GPU 小时按论文中每步的 GPU 小时换算为策略更新步数（8B 为 100,000 GPU 小时 7,400 步），此阶段运行同样多次迭代。自定义：您自己的拟合或手动输入的数值。</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Start score R0</source>
            <translation>起始得分 R0</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Your base model's score before RL, on the same prompts as the target (Khatri et al. report none for their runs: measure yours; 0.2 is a placeholder). Not used when a pre-training phase before this one has a score map: R0 is then the score its loss reads as.</source>
            <translation>RL 之前基座模型在与目标相同的提示上的得分（Khatri 等未报告其实验的起始值：请实测您的模型；0.2 仅为占位值）。若此前的预训练阶段带有得分映射，则不使用此值：R0 即为其损失对应的得分。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Curve: asymptote A</source>
            <translation>曲线：渐近值 A</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The score the recipe approaches with unlimited compute (ScaleRL 8B: 0.610).</source>
            <translation>配方在无限算力下趋近的得分（ScaleRL 8B：0.610）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Curve: efficiency B</source>
            <translation>曲线：效率 B</translation>
        </message>
        <message>
            <location line="+1" />
            <source>How steeply the score rises around C_mid (ScaleRL 8B: 1.92).</source>
            <translation>得分在 C_mid 附近上升的陡峭程度（ScaleRL 8B：1.92）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Curve: midpoint C_mid</source>
            <translation>曲线：中点 C_mid</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Compute at which half of the gain A − R0 is made, in the curve's unit (ScaleRL 8B: 2,542 GB200 GPU-hours).</source>
            <translation>取得 A − R0 一半提升时的算力，以曲线的单位计（ScaleRL 8B：2,542 GB200 GPU 小时）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Curve: compute unit</source>
            <translation>曲线：算力单位</translation>
        </message>
        <message>
            <location line="+1" />
            <source>What the curve's compute counts: GPU-hours (of the GPUs below) or RL iterations of this plan.</source>
            <translation>曲线的算力以什么计：GPU 小时（下方所述 GPU）或本计划的 RL 迭代次数。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Curve: GPU-hours per step of its runs</source>
            <translation>曲线：其实验每步的 GPU 小时</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPU-hours one policy step took in the runs the curve was fitted on. The curve's compute divided by it is the policy steps the target needs; this phase runs that many iterations at its own cost. 0 = this phase's own GPU-hours per iteration (your runs were small versions of this plan).</source>
            <translation>拟合曲线所用实验中一次策略更新所用的 GPU 小时。曲线的算力除以它，就是达到目标所需的策略更新步数；此阶段以自身成本运行同样多次迭代。0 = 此阶段自身每次迭代的 GPU 小时（您的实验是本计划的缩小版）。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>this phase's own</source>
            <translation>此阶段自身的</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Curve: standard error of A</source>
            <translation>曲线：A 的标准误差</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Standard error of the asymptote A from your fit's bootstrap (costlab-cli fit prints it). The compute a target needs then carries σ(ln C) = σ_A/(B·q·(target − R0)), which the Monte Carlo samples. 0 = none.</source>
            <translation>您的拟合 bootstrap 得到的渐近值 A 的标准误差（costlab-cli fit 会输出）。达到目标所需的算力因此带有 σ(ln C) = σ_A/(B·q·(目标 − R0))，蒙特卡洛对其抽样。0 = 无。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Curve: least compute fitted</source>
            <translation>曲线：拟合的最小算力</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Compute of the first point the custom curve was fitted on, in the curve's unit (Fit to my runs… fills it). 0 = not given.</source>
            <translation>拟合自定义曲线所用第一个数据点的算力，以曲线的单位计（“用我的实验拟合…”会填写）。0 = 未给出。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Curve: most compute fitted</source>
            <translation>曲线：拟合的最大算力</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Compute of the last point the custom curve was fitted on, in the curve's unit; a target that needs more is an extrapolation and is flagged. 0 = not given.</source>
            <translation>拟合自定义曲线所用最后一个数据点的算力，以曲线的单位计；需要更多算力的目标属于外推，会被标记。0 = 未给出。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Prompts per iteration</source>
            <translation>每次迭代提示词数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Prompts B per iteration (veRL DAPO: 512).</source>
            <translation>每次迭代的提示词数 B（veRL DAPO：512）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Group size</source>
            <translation>组大小</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Responses G per prompt (GRPO group; DAPO: 16). Episodes per iteration = B·G.</source>
            <translation>每个提示词的回答数 G（GRPO 分组；DAPO：16）。每次迭代回合数 = B·G。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Turns per episode</source>
            <translation>每回合交互轮数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Environment interactions per episode (1 for single-turn verifiable tasks).</source>
            <translation>每个回合与环境交互的轮数（单轮可验证任务为 1）。</translation>
        </message>
        <message>
            <location line="+10" />
            <location line="+664" />
            <source>Prompt length</source>
            <translation>提示词长度</translation>
        </message>
        <message>
            <location line="-663" />
            <source>Prompt tokens l_p.</source>
            <translation>提示词 token 数 l_p。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Mean response length</source>
            <translation>平均回答长度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Mean generated tokens per turn (NeMo RL: 1,060–5,671).</source>
            <translation>每轮平均生成的 token 数（NeMo RL：1,060–5,671）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Response length spread</source>
            <translation>回答长度离散度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Coefficient of variation of response length (log-normal); drives the long tail (Seer: last 10 % take 50 % of rollout time).</source>
            <translation>回答长度的变异系数（对数正态）；决定长尾（Seer：最后 10 % 的回答占 rollout 时间的 50 %）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Response cap</source>
            <translation>回答长度上限</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Generation cap per turn (DAPO: 20,480–28K).</source>
            <translation>每轮生成长度上限（DAPO：20,480–28K）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Observation tokens per turn</source>
            <translation>每轮观测 token 数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Tokens the environment appends to the context each turn (tool output).</source>
            <translation>环境每轮追加到上下文的 token 数（工具输出）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Rollout quantization</source>
            <translation>Rollout 量化</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Weights format of the rollout engine: faster decode, more train–inference mismatch (FlashRL, FP8-RL, QuRL).</source>
            <translation>Rollout 引擎的权重格式：解码更快，但训练与推理的不一致更大（FlashRL、FP8-RL、QuRL）。</translation>
        </message>
        <message>
            <location line="+10" />
            <location line="+640" />
            <source>KV cache format</source>
            <translation>KV 缓存格式</translation>
        </message>
        <message>
            <location line="-639" />
            <source>FP8 KV cache halves KV memory (vLLM kv_cache_dtype).</source>
            <translation>FP8 KV 缓存使 KV 显存减半（vLLM kv_cache_dtype）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Importance-sampling correction</source>
            <translation>重要性采样校正</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Truncated importance sampling (TIS) corrects the sampler–trainer mismatch (Yao et al. 2025).</source>
            <translation>截断重要性采样（TIS） 校正采样端与训练端的不一致（Yao 等 2025）。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Rollout GPUs</source>
            <translation>Rollout GPU 数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPUs of the rollout pool when disaggregated (OpenRLHF/AReaL placement).</source>
            <translation>分离部署时 rollout 资源池的 GPU 数（OpenRLHF/AReaL 部署方式）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Rollout TP</source>
            <translation>Rollout TP</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPUs per inference engine instance (vLLM tensor_parallel_size). More GPUs per engine read each GPU's share of the weights faster but pay two all-reduces per layer in every decode step: vLLM's custom all-reduce inside one NVLink domain (measured ~10 µs, sglang PR #2904), NCCL across nodes.</source>
            <translation>每个推理引擎实例的 GPU 数（vLLM tensor_parallel_size）。每个引擎的 GPU 越多，每卡读取的权重份额越快读完，但每个解码步每层要做两次 all-reduce：同一 NVLink 域内用 vLLM 的 custom all-reduce（实测约 10 µs，sglang PR #2904），跨节点用 NCCL。</translation>
        </message>
        <message>
            <location line="+16" />
            <source>Rollout memory fraction</source>
            <translation>Rollout 显存占比</translation>
        </message>
        <message>
            <location line="+2" />
            <source>vLLM gpu_memory_utilization: 0.9 default, ~0.5 when colocated (verl, NeMo-RL).</source>
            <translation>vLLM gpu_memory_utilization：默认 0.9，共置时约 0.5（verl、NeMo-RL）。</translation>
        </message>
        <message>
            <location line="+12" />
            <location line="+608" />
            <source>Max concurrent sequences</source>
            <translation>最大并发序列数</translation>
        </message>
        <message>
            <location line="-607" />
            <source>vLLM max_num_seqs per engine. DeepSpeed hybrid engine: the static generation batch of one engine, per_device_generation_batch_size × inference_tp_size (DeepSpeed-Chat's scripts: 4 to 32).</source>
            <translation>每个引擎的 vLLM max_num_seqs。DeepSpeed 混合引擎：一个引擎的静态生成批次，per_device_generation_batch_size × inference_tp_size（DeepSpeed-Chat 的脚本：4 至 32）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Rollout engine</source>
            <translation>Rollout 引擎</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Colocated: a serving engine (vLLM, SGLang: paged KV cache in a reserved share of memory, continuous batching) or DeepSpeed-Chat's hybrid engine (DeepSpeed-HE): before each generate call the trainer's ZeRO-3 shards are all-gathered into fused inference kernels split over Rollout TP (inference_tp_size), and the batch decodes as one static batch in a static KV cache sized for prompt + response cap, until its longest sequence ends (deepspeed/runtime/hybrid_engine.py at 47f9f13; DeepSpeed-Chat step 3).</source>
            <translation>共置时：推理服务引擎（vLLM、SGLang：在预留的显存份额中分页管理 KV cache，连续批处理），或 DeepSpeed-Chat 的混合引擎（hybrid engine，DeepSpeed-HE）：每次 generate 调用前，训练端的 ZeRO-3 分片被 all-gather 到按 Rollout TP（inference_tp_size）切分的融合推理内核中，整批作为一个静态批次在按提示 + 回复上限分配的静态 KV cache 中解码，直到其中最长的序列结束（deepspeed/runtime/hybrid_engine.py，47f9f13；DeepSpeed-Chat 第 3 步）。</translation>
        </message>
        <message>
            <location line="+22" />
            <source>Trainer GPUs</source>
            <translation>训练端 GPU 数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Training pool; when colocated, the whole pool that also runs rollouts.</source>
            <translation>训练资源池；共置时即同时运行 rollout 的整个资源池。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Trainer TP</source>
            <translation>训练端 TP</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Tensor parallel of the trainer.</source>
            <translation>训练端的张量并行度。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Trainer PP</source>
            <translation>训练端 PP</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Pipeline stages of the trainer.</source>
            <translation>训练端的流水线级数。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Trainer EP</source>
            <translation>训练端 EP</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Expert parallel of the trainer (MoE models): routed experts split over EP GPUs, their state over the expert-data-parallel group.</source>
            <translation>训练端的专家并行（MoE 模型）：路由专家分布在 EP 个 GPU 上，其状态在专家数据并行组内切分。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Trainer expert TP (ETP)</source>
            <translation>训练端专家张量并行（ETP）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Expert tensor parallel of the trainer (MoE models): each routed expert's FFN split over ETP GPUs; EP × ETP must divide the TP × DP GPUs of a pipeline stage (Megatron-Core --expert-tensor-parallel-size). 0 = the trainer's TP.</source>
            <translation>训练端的专家张量并行（MoE 模型）：每个路由专家的 FFN 切分到 ETP 个 GPU 上；EP × ETP 必须整除一个流水线阶段的 TP × DP 个 GPU（Megatron-Core --expert-tensor-parallel-size）。0 = 与训练端的 TP 相同。</translation>
        </message>
        <message>
            <location line="+16" />
            <source>Trainer sharding (veRL/OpenRLHF default FSDP = ZeRO-3).</source>
            <translation>训练端切分方式（veRL/OpenRLHF 默认 FSDP = ZeRO-3）。</translation>
        </message>
        <message>
            <location line="+22" />
            <source>FSDP shard group</source>
            <translation>FSDP 分片组</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Hybrid sharding: the data-parallel ranks one copy of the weights, gradients and optimizer state is sharded over, replicated across the groups (veRL fsdp_config.fsdp_size; PyTorch FSDP HYBRID_SHARD, FSDP2's 2-D mesh). Each GPU then holds 1/group of the state, the per-layer gathers stay inside the group, and every backward all-reduces each layer's gradient shard across the replicas. 0 = all data-parallel ranks (full sharding).</source>
            <translation>混合分片：一份权重、梯度和优化器状态在多少个数据并行 rank 上分片，各组之间互为副本（veRL fsdp_config.fsdp_size；PyTorch FSDP HYBRID_SHARD，FSDP2 的二维 mesh）。每个 GPU 持有状态的 1/组大小，逐层 gather 留在组内，每次反向传播都会在副本之间 all-reduce 每层的梯度分片。0 = 全部数据并行 rank（完全分片）。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>all ranks</source>
            <translation>全部 rank</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Sequences per trainer GPU per forward pass.</source>
            <translation>训练端每卡每次前向的序列数。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Log-prob micro-batch</source>
            <translation>对数概率微批次</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Sequences per forward-only log-probability pass of the old policy and the reference (veRL log_prob_micro_batch_size_per_gpu). No activations are kept, but its BF16 logits (sequence × vocabulary) are: at 40 sequences of 10,240 tokens and Qwen's 152,064-token vocabulary, 116 GiB. 0 = the training micro-batch.</source>
            <translation>旧策略与参考模型只做前向的对数概率计算中，每次处理的序列数（veRL log_prob_micro_batch_size_per_gpu）。不保留激活值，但会保留 BF16 logits（序列 × 词表）：40 条 10,240 token 的序列、Qwen 的 152,064 词表时为 116 GiB。0 = 训练微批次。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>= micro-batch</source>
            <translation>= 微批次</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Mini-batch (prompts per optimizer step)</source>
            <translation>小批次（每个优化器步的提示数）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The update of one iteration is split into prompts ÷ this optimizer steps, each with its own gradient reduction, ZeRO parameter gathers and optimizer step (veRL actor.ppo_mini_batch_size, OpenRLHF train_batch_size): the same tokens, more steps. 0 = one optimizer step per iteration.</source>
            <translation>一次迭代的更新被拆分为“提示数 ÷ 此值”个优化器步，每一步都有各自的梯度归约、ZeRO 参数收集和优化器更新（veRL actor.ppo_mini_batch_size，OpenRLHF train_batch_size）：token 数不变，步数更多。0 = 每次迭代一个优化器步。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>whole iteration</source>
            <translation>整次迭代</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Old log-probs from the rollout</source>
            <translation>旧策略对数概率取自 rollout</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The rollout engine returns each token's log-probability and the trainer uses it as the old policy's, so the trainer runs no old-log-prob forward pass (veRL fully async: async_training.use_rollout_log_probs, on by default).</source>
            <translation>rollout 引擎返回每个 token 的对数概率，训练端直接用作旧策略的对数概率，因此训练端不再运行旧策略对数概率的前向计算（veRL 全异步：async_training.use_rollout_log_probs，默认开启）。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Gradient checkpointing in the trainer (full is the veRL default).</source>
            <translation>训练端的梯度检查点（veRL 默认完全重计算）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Pinned trainer MFU</source>
            <translation>固定训练端 MFU</translation>
        </message>
        <message>
            <location line="+1" />
            <source>MFU of the trainer's passes instead of the step-time model; 0 = predicted from the trainer's layout (docs/model-reference.md).</source>
            <translation>代替步长时间模型使用的训练端 MFU；0 = 由训练端并行布局预测（docs/model-reference.md）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Placement</source>
            <translation>部署方式</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Colocated (one pool time-shares rollout and training; verl HybridFlow) or disaggregated pools.</source>
            <translation>共置（一个资源池分时运行 rollout 与训练；verl HybridFlow）或分离的资源池。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Rollout engine sleeps while training</source>
            <translation>训练期间推理引擎休眠</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Colocated: the inference engine frees its weights and KV cache while the trainer runs (vLLM sleep mode, verl free_cache_engine) and reloads them, at the colocated switch time per iteration. Off: both stay on the GPUs and their memory adds up. DeepSpeed hybrid engine: release_inference_cache, which frees the KV workspace after each generate call (off in DeepSpeed-Chat's scripts).</source>
            <translation>共置时：训练端运行期间，推理引擎释放其权重和 KV cache（vLLM sleep 模式，verl free_cache_engine），之后再重新加载，每次迭代计一次共置切换时间。关闭：两者都留在 GPU 上，显存相加。DeepSpeed 混合引擎：release_inference_cache，每次 generate 调用后释放 KV 工作区（DeepSpeed-Chat 的脚本中关闭）。</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Trainer parks weights in host RAM during rollout</source>
            <translation>Rollout 期间训练端把权重暂存到主机内存</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Colocated: the trainer moves its weights (actor, reference, critic) to host RAM while the engine generates and back to train (verl param_offload). Frees GPU memory for the KV cache; costs host RAM and two copies over PCIe per iteration. Not ZeRO-Offload.</source>
            <translation>共置：推理引擎生成时，训练端把权重（actor、reference、critic）移到主机内存，训练时再搬回（verl param_offload）。为 KV cache 腾出显存；代价是主机内存和每次迭代两次 PCIe 拷贝。不是 ZeRO-Offload。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Trainer parks optimizer state in host RAM during rollout</source>
            <translation>Rollout 期间训练端把优化器状态暂存到主机内存</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Colocated: the trainer moves its optimizer state to host RAM while the engine generates and back for the update (verl optimizer_offload). Frees GPU memory for the KV cache; costs host RAM and two copies over PCIe per iteration. Not ZeRO-Offload.</source>
            <translation>共置：推理引擎生成时，训练端把优化器状态移到主机内存，更新前再搬回（verl optimizer_offload）。为 KV cache 腾出显存；代价是主机内存和每次迭代两次 PCIe 拷贝。不是 ZeRO-Offload。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Reference model kept in host RAM</source>
            <translation>参考模型放在主机内存</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The frozen reference model (KL term, PPO) stays in host RAM and comes to the GPUs only for its log-prob pass (verl ref param_offload): off the trainer's peak, at two copies over PCIe per iteration.</source>
            <translation>冻结的参考模型（KL 项、PPO）常驻主机内存，只在计算 log-prob 时搬到 GPU（verl ref param_offload）：不占训练端的显存峰值，代价是每次迭代两次 PCIe 拷贝。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Pipeline</source>
            <translation>流水线</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Synchronous waits for the slowest episode; asynchronous overlaps stages (AReaL: up to 2.77×).</source>
            <translation>同步模式等待最慢的回合；异步模式让各阶段重叠（AReaL：最高 2.77×）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Staleness</source>
            <translation>陈旧度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Policy versions of lag in asynchronous mode; fractional values as frameworks allow (AReaL max staleness 1–8; veRL fully asynchronous: trigger_parameter_sync_step × (1 + staleness_threshold)).</source>
            <translation>异步模式下落后的策略版本数；与各框架一样允许小数（AReaL 最大滞后 1–8；veRL 全异步：trigger_parameter_sync_step × (1 + staleness_threshold)）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>Reward</source>
            <translation>奖励</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Verifiable rewards run on CPU; a reward model adds a forward pass per token on the trainer pool.</source>
            <translation>可验证奖励在 CPU 上计算；奖励模型会在训练端资源池上为每个 token 增加一次前向。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Reward model size</source>
            <translation>奖励模型规模</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Parameters of the reward model (DeepSpeed-Chat: OPT-350M).</source>
            <translation>奖励模型的参数量（DeepSpeed-Chat：OPT-350M）。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Critic size (share of the actor)</source>
            <translation>Critic 规模（占 actor 的比例）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Parameters of the PPO critic over the actor's; 1 = the actor's size (verl and OpenRLHF initialise the critic from the actor's checkpoint by default; InstructGPT paired a 175B policy with a 6B value model, 0.034; DeepSpeed-Chat's 66B example a 350M critic, 0.0053, and a 350M critic on a 175B actor is 0.002).</source>
            <translation>PPO critic 参数量与 actor 之比；1 = 与 actor 同规模（verl 和 OpenRLHF 默认用 actor 的检查点初始化 critic；InstructGPT 用 6B 价值模型配 175B 策略，即 0.034；DeepSpeed-Chat 的 66B 示例用 350M critic，即 0.0053；350M critic 配 175B actor 为 0.002）。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>KL coefficient</source>
            <translation>KL 系数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>KL penalty β; 0 drops the reference model (DAPO). DeepSeekMath GRPO 0.04; Gao et al. 2023.</source>
            <translation>KL 惩罚 β；0 表示不用参考模型（DAPO）。DeepSeekMath GRPO 为 0.04；Gao 等 2023。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Learning rate relative to the largest stable rate of the recipe.</source>
            <translation>学习率相对该配方最大稳定学习率的倍数。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Off: the reward is a rule-based verifier or reward function run in the trainer process (veRL's GSM8K and MATH scripts), so no environment is waited for or rented.</source>
            <translation>关闭：奖励由训练端进程内的规则校验器或奖励函数给出（veRL 的 GSM8K 和 MATH 脚本），无需等待或租用环境。</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Parallel environments</source>
            <translation>并行环境数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Environments E running episodes at once (article §3: parallel environments).</source>
            <translation>同时运行回合的环境数 E（文章 §3：并行环境）。</translation>
        </message>
        <message>
            <location line="+13" />
            <location line="+223" />
            <source>Environment step latency</source>
            <translation>环境单步延迟</translation>
        </message>
        <message>
            <location line="-222" />
            <source>Median time of one environment step (sandbox run, tool call, verifier).</source>
            <translation>环境单步耗时的中位数（沙箱运行、工具调用、验证器）。</translation>
        </message>
        <message>
            <location line="+9" />
            <location line="+224" />
            <source>Environment latency spread</source>
            <translation>环境延迟离散度</translation>
        </message>
        <message>
            <location line="-223" />
            <source>Log-normal σ of step latency; a synchronous wave waits ≈ median·exp(σ√(2 ln E)) (Tail at Scale).</source>
            <translation>单步延迟的对数正态 σ；同步一波需等待 ≈ 中位数·exp(σ√(2 ln E))（Tail at Scale）。</translation>
        </message>
        <message>
            <location line="+12" />
            <location line="+224" />
            <source>Environments per instance</source>
            <translation>每实例环境数</translation>
        </message>
        <message>
            <location line="-223" />
            <location line="+224" />
            <source>Environments packed on one worker instance.</source>
            <translation>一个 worker 实例上运行的环境数。</translation>
        </message>
        <message>
            <location line="-215" />
            <source>Container start per episode</source>
            <translation>每回合容器启动时间</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Start-up time when each episode gets a fresh container; 0 = environments are reused.</source>
            <translation>每个回合使用新容器时的启动时间；0 = 环境复用。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Release idle environment instances</source>
            <translation>释放空闲环境实例</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Environment instances are stopped while no episode needs them (during training and weight sync) and started for the next rollout: billed for their busy share plus one boot per iteration (article §4.1: release non-critical environment nodes). Off: they run for the whole phase.</source>
            <translation>在没有回合需要时（训练与权重同步期间）停止环境实例，下一轮采样时再启动：按忙碌时间加每次迭代一次启动计费（文章 4.1 节：释放非关键环境节点）。关闭时：它们在整个阶段持续运行。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Stored bytes per transition</source>
            <translation>每步转移存储量</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Trajectory / replay-buffer bytes per environment step.</source>
            <translation>每个环境步的轨迹/回放缓冲字节数。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Post-training data</source>
            <translation>后训练数据</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Prompts, dialogues and environment state on high-IOPS file storage (article §2.2).</source>
            <translation>存放在高 IOPS 文件存储上的提示词、对话和环境状态（文章 §2.2）。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Evaluation</source>
            <translation>评测</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Model versions</source>
            <translation>模型版本数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Checkpoints / model versions evaluated.</source>
            <translation>被评测的检查点/模型版本数。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Benchmarks</source>
            <translation>基准数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Benchmarks per version.</source>
            <translation>每个版本的评测基准数。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Samples per benchmark</source>
            <translation>每基准样本数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Prompts (× repeats) per benchmark.</source>
            <translation>每个基准的提示词数（× 重复次数）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Prompt tokens per sample.</source>
            <translation>每个样本的提示词 token 数。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Output length</source>
            <translation>输出长度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Generated tokens per sample and turn.</source>
            <translation>每个样本每轮生成的 token 数。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Turns per sample</source>
            <translation>每样本轮数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Environment turns for long-horizon tasks (1 = plain benchmark).</source>
            <translation>长程任务的环境交互轮数（1 = 普通基准）。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Inference quantization</source>
            <translation>推理量化</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Weights format of the evaluation engine.</source>
            <translation>评测引擎的权重格式。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>FP8 halves KV memory.</source>
            <translation>FP8 使 KV 显存减半。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Inference TP</source>
            <translation>推理 TP</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPUs per inference engine (vLLM tensor_parallel_size); every decode step pays two all-reduces per layer across them, as for the rollout TP.</source>
            <translation>每个推理引擎的 GPU 数（vLLM tensor_parallel_size）；与 rollout TP 相同，每个解码步每层在这些 GPU 间做两次 all-reduce。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Memory fraction</source>
            <translation>显存占比</translation>
        </message>
        <message>
            <location line="+1" />
            <source>vLLM gpu_memory_utilization (default 0.9).</source>
            <translation>vLLM gpu_memory_utilization（默认 0.9）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>vLLM max_num_seqs per engine.</source>
            <translation>每个引擎的 vLLM max_num_seqs。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Environments for long-horizon tasks; 0 = none.</source>
            <translation>长程任务使用的环境数；0 = 无。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Median time of one environment step.</source>
            <translation>环境单步耗时的中位数。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Log-normal σ of step latency.</source>
            <translation>单步延迟的对数正态 σ。</translation>
        </message>
        <message>
            <location line="+23" />
            <source>Destroy environments after use</source>
            <translation>用后销毁环境</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Tear test environments down after each run (article §4); off, they idle for the forgotten time.</source>
            <translation>每次运行后销毁测试环境（文章 §4）；关闭时环境会空闲一段遗忘时间。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Forgotten idle time</source>
            <translation>遗忘空闲时间</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Hours an undestroyed environment idles after each run (article §1: idle test resources).</source>
            <translation>未销毁的环境在每次运行后空闲的小时数（文章 §1：闲置的测试资源）。</translation>
        </message>
    </context>
    <context>
        <name>costlab::ParamEditor</name>
        <message>
            <location filename="../widgets/editor/parameditor.cpp" line="+298" />
            <source>%1 slider</source>
            <translation>%1滑块</translation>
        </message>
        <message>
            <location line="+112" />
            <source>Outside validated range</source>
            <translation>超出验证范围</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Reset %1 to its default</source>
            <translation>将%1恢复为默认值</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Reset %1</source>
            <translation>重置%1</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Sets the parameter back to its default value</source>
            <translation>将该参数恢复为默认值</translation>
        </message>
        <message>
            <location line="+128" />
            <source>Id: &lt;code&gt;%1&lt;/code&gt;</source>
            <translation>Id：&lt;code&gt;%1&lt;/code&gt;</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Range: %1 – %2 %3</source>
            <translation>取值范围：%1 – %2 %3</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Validated: %1 – %2 %3</source>
            <translation>已验证范围：%1 – %2 %3</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Default: %1 %2</source>
            <translation>默认值：%1 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Type 30T for 30 trillion: K, M, B or G, T, 万 and 亿 multiply the number.</source>
            <translation>输入 30T 表示 30 万亿：K、M、B 或 G、T、万、亿 会乘到数字上。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Keys: Page Up doubles, Page Down halves; arrows step ×1.1, with Shift ×1.01. Shift+drag the slider for fine control.</source>
            <translation>按键：Page Up 翻倍，Page Down 减半；方向键每步 ×1.1，按住 Shift 为 ×1.01。按住 Shift 拖动滑块可微调。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Keys: arrows step 1 % of the range, with Shift 0.1 %; Page Up/Down 10 %. Shift+drag the slider for fine control.</source>
            <translation>按键：方向键每步为范围的 1 %，按住 Shift 为 0.1 %；Page Up/Down 为 10 %。按住 Shift 拖动滑块可微调。</translation>
        </message>
        <message>
            <location line="+93" />
            <source>%1 (not in catalog)</source>
            <translation>%1（不在价目表中）</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Outside the range the model was validated on (%1 – %2 %3): figures are extrapolated</source>
            <translation>超出模型的验证范围（%1 – %2 %3）：结果为外推值</translation>
        </message>
    </context>
    <context>
        <name>costlab::ParameterPanel</name>
        <message>
            <location filename="../widgets/editor/parameterpanel.cpp" line="+99" />
            <source>Plan</source>
            <translation>方案</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Filter parameters by name or id…</source>
            <translation>按名称或 id 筛选参数…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Parameter filter</source>
            <translation>参数筛选</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Shows only the parameters whose name or id contains the text</source>
            <translation>只显示名称或 id 包含该文字的参数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>No parameter matches the filter.</source>
            <translation>没有匹配的参数。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Parameters</source>
            <translation>参数</translation>
        </message>
        <message>
            <location line="+81" />
            <source>Phase %1 · %2</source>
            <translation>阶段 %1 · %2</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Phase %1 · %2: %3</source>
            <translation>阶段 %1 · %2：%3</translation>
        </message>
    </context>
    <context>
        <name>costlab::ParetoChart</name>
        <message>
            <location filename="../widgets/charts/paretochart.cpp" line="+43" />
            <source>Cost against days of the plans found</source>
            <translation>所找到方案的成本与工期</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Pareto frontier</source>
            <translation>帕累托前沿</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Cheapest per GPU count</source>
            <translation>各 GPU 数量下最便宜</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Current plan</source>
            <translation>当前计划</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Best plan</source>
            <translation>最优方案</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Plan duration (days)</source>
            <translation>计划工期（天）</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Expected total</source>
            <translation>期望总成本</translation>
        </message>
        <message>
            <location line="+34" />
            <source>%1 GPUs</source>
            <translation>%1 块 GPU</translation>
        </message>
        <message>
            <location line="+33" />
            <source>Run the search to see the plans it finds.</source>
            <translation>运行搜索以查看找到的方案。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>No plan meets every limit, so none is drawn; the table lists the nearest and the limit each breaks.</source>
            <translation>没有方案满足全部限制，因此不绘制；表格列出最接近的方案及各自超出的限制。</translation>
        </message>
        <message>
            <location line="+19" />
            <source>%1
%2, %3 days, %4 GPUs</source>
            <translation>%1
%2，%3 天，%4 块 GPU</translation>
        </message>
    </context>
    <context>
        <name>costlab::Phase</name>
        <message>
            <location filename="../widgets/common/labels.cpp" line="-157" />
            <source>Pre-training</source>
            <translation>预训练</translation>
        </message>
        <message>
            <location line="+2" />
            <source>RL post-training</source>
            <translation>强化学习后训练</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Evaluation</source>
            <translation>评测</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Trainer</source>
            <translation>训练端</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Rollout</source>
            <translation>Rollout</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Reward model</source>
            <translation>奖励模型</translation>
        </message>
    </context>
    <context>
        <name>costlab::PlanEditor</name>
        <message>
            <location filename="../widgets/editor/planeditor.cpp" line="+38" />
            <source>%1 · %2</source>
            <translation>%1 · %2</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1 · %2: %3</source>
            <translation>%1 · %2：%3</translation>
        </message>
        <message>
            <location line="+119" />
            <source>&amp;Name</source>
            <translation>名称(&amp;N)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Pro&amp;ject</source>
            <translation>项目(&amp;J)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Price &amp;catalog</source>
            <translation>价目表(&amp;C)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Description</source>
            <translation>说明(&amp;D)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>P&amp;hases</source>
            <translation>阶段(&amp;H)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Phase na&amp;me</source>
            <translation>阶段名称(&amp;M)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Experiment &amp;batch</source>
            <translation>实验批次(&amp;B)</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The plan's name, shown in the title bar, the library and on the report's cover. Yours to choose: it does not follow the values.</source>
            <translation>方案名称，显示在标题栏、场景库和报告封面上。由你决定：它不会随数值变化。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Project the plan's costs are attributed to (a library tag and a column of the line-item CSV).</source>
            <translation>方案成本归属的项目（场景库标签，也是明细 CSV 的一列）。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Price and hardware catalog that prices this plan; the plan's currency follows the catalog's. Edit catalogs in Library → Catalogs.</source>
            <translation>为此方案定价的价格与硬件价目表；方案币种随价目表而定。在“场景库 → 价目表”中编辑价目表。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>What the plan is and where its figures come from; printed on the report.</source>
            <translation>方案是什么、数据来自哪里；印在报告上。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Name of the selected phase (report, CSV and charts).</source>
            <translation>所选阶段的名称（报告、CSV 和图表）。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Experiment batch the selected phase's costs are attributed to (line-item CSV, library tag).</source>
            <translation>所选阶段成本归属的实验批次（明细 CSV、场景库标签）。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Add phase</source>
            <translation>添加阶段</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Add a phase after the selected one</source>
            <translation>在所选阶段之后添加一个阶段</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Add pre-training phase</source>
            <translation>添加预训练阶段</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Add RL post-training phase</source>
            <translation>添加 RL 后训练阶段</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Add evaluation phase</source>
            <translation>添加评测阶段</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Duplicate phase</source>
            <translation>复制阶段</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Copy the selected phase with all its values</source>
            <translation>复制所选阶段及其全部数值</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Remove phase</source>
            <translation>删除阶段</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Remove the selected phase (Edit → Undo brings it back)</source>
            <translation>删除所选阶段（编辑 → 撤销可恢复）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Move phase up</source>
            <translation>上移阶段</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Move phase down</source>
            <translation>下移阶段</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Duplicate</source>
            <translation>复制</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Remove</source>
            <translation>删除</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Phases of the plan</source>
            <translation>方案的阶段</translation>
        </message>
        <message>
            <location line="+41" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location line="+6" />
            <source>%1 (not available)</source>
            <translation>%1（不可用）</translation>
        </message>
        <message>
            <location line="+67" />
            <source>Edit plan name and project</source>
            <translation>编辑方案名称和项目</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Edit plan description</source>
            <translation>编辑方案说明</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Rename phase %1</source>
            <translation>重命名阶段 %1</translation>
        </message>
        <message>
            <location line="+20" />
            <source>The catalog was not changed: %1</source>
            <translation>价目表未更改：%1</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Price catalog: %1</source>
            <translation>价目表：%1</translation>
        </message>
        <message>
            <location line="+18" />
            <source>Add %1 phase</source>
            <translation>添加%1阶段</translation>
        </message>
        <message>
            <location line="+13" />
            <source>%1 (copy)</source>
            <translation>%1（副本）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Duplicate phase %1</source>
            <translation>复制阶段 %1</translation>
        </message>
        <message>
            <location line="+12" />
            <source>A plan needs at least one phase.</source>
            <translation>方案至少需要一个阶段。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Remove phase %1</source>
            <translation>删除阶段 %1</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Move phase %1</source>
            <translation>移动阶段 %1</translation>
        </message>
    </context>
    <context>
        <name>costlab::ReportExport</name>
        <message>
            <location filename="../widgets/report/reportexport.cpp" line="+121" />
            <source>Writing the budget report…</source>
            <translation>正在写入预算报告…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <location line="+27" />
            <source>Budget report preview</source>
            <translation>预算报告预览</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Laying out the budget report…</source>
            <translation>正在排版预算报告…</translation>
        </message>
        <message>
            <location line="+17" />
            <source>Cannot write the line items to %1: %2</source>
            <translation>无法将成本明细行写入 %1：%2</translation>
        </message>
        <message>
            <location line="+6" />
            <source>no file name given</source>
            <translation>未提供文件名</translation>
        </message>
    </context>
    <context>
        <name>costlab::ReportExportDialog</name>
        <message>
            <location line="-105" />
            <source>Export budget report</source>
            <translation>导出预算报告</translation>
        </message>
        <message>
            <location line="+2" />
            <source>A4 (210 × 297 mm)</source>
            <translation>A4（210 × 297 毫米）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>US Letter (8.5 × 11 in)</source>
            <translation>美国 Letter（8.5 × 11 英寸）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Page size</source>
            <translation>纸张大小</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Report language</source>
            <translation>报告语言</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Shown on the cover; may stay empty</source>
            <translation>显示在封面上；可留空</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Author</source>
            <translation>作者</translation>
        </message>
        <message>
            <location line="+2" />
            <source>&amp;Page size:</source>
            <translation>纸张大小(&amp;P)：</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Language:</source>
            <translation>语言(&amp;L)：</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Author:</source>
            <translation>作者(&amp;A)：</translation>
        </message>
        <message>
            <location line="+6" />
            <source>&amp;Export PDF…</source>
            <translation>导出 PDF(&amp;E)…</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&amp;Preview…</source>
            <translation>预览(&amp;P)…</translation>
        </message>
    </context>
    <context>
        <name>costlab::ReportWriter</name>
        <message>
            <location filename="../widgets/report/reportcharts.cpp" line="+120" />
            <source>Trade-off: %1</source>
            <translation>权衡：%1</translation>
        </message>
        <message>
            <location line="+18" />
            <location filename="../widgets/report/reportcontent.cpp" line="+162" />
            <location line="+407" />
            <source>Cost breakdown</source>
            <translation>成本明细</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Cost of each phase by category; shared costs (datasets, engineering) in their own bar.</source>
            <translation>各阶段按类别的成本；共享成本（数据集、工程）单独成柱。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Total cost and risk probabilities against the checkpoint interval; the dashed lines mark the plan's value and the Young/Daly optimum.</source>
            <translation>总成本与各风险概率随检查点间隔的变化；虚线标出计划取值与 Young/Daly 最优值。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Total cost and risk for each rollout weight format of the first RL phase: lower precision decodes faster but raises the collapse hazard.</source>
            <translation>第一个 RL 阶段各 rollout 权重格式下的总成本与风险：精度越低解码越快，但崩溃风险越高。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Total cost and risk against the number of parallel environments of the first RL phase.</source>
            <translation>总成本与风险随第一个 RL 阶段并行环境数的变化。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Memory per GPU</source>
            <translation>每 GPU 显存</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Estimated peak memory per GPU of each role against the usable HBM.</source>
            <translation>各角色每 GPU 估计峰值显存与可用 HBM 的对比。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Training step</source>
            <translation>训练步</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Where one optimizer step of each training phase goes, from the step-time model: compute, exposed communication, pipeline bubble and optimizer; the MFU is predicted.</source>
            <translation>由步长时间模型得出的各训练阶段一次优化器步的时间去向：计算、未被隐藏的通信、流水线气泡和优化器；MFU 为预测值。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Training to the target</source>
            <translation>训练到目标</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The law or curve of the first phase sized by a target: the target, the training it needs with its P10–P90 (shaded), and the floor or asymptote no training passes.</source>
            <translation>第一个按目标确定规模的阶段的定律或曲线：目标、所需训练量及其 P10–P90（阴影），以及任何训练都越不过的下限或渐近值。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>RL utilisation</source>
            <translation>RL 利用率</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Share of each RL iteration in which rollout GPUs, trainer GPUs and environments do useful work.</source>
            <translation>每次 RL 迭代中 rollout GPU、训练端 GPU 与环境做有效工作的时间占比。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Cumulative spend against budget</source>
            <translation>累计支出与预算</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Spend over the plan calendar with the budget line and the daily alert line.</source>
            <translation>计划日历上的累计支出，含预算线与每日告警线。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Distribution of the total cost</source>
            <translation>总成本分布</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Distribution of the duration</source>
            <translation>工期分布</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Share of the Monte Carlo runs per cost bin and the cumulative share, with P10/P50/P90, the point estimate (dashed) and the budget.</source>
            <translation>蒙特卡洛运行在各成本区间的占比与累计占比，含 P10/P50/P90、点估计（虚线）与预算。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Share of the Monte Carlo runs per cost bin and the cumulative share, with P10/P50/P90 and the point estimate (dashed).</source>
            <translation>各成本区间的蒙特卡洛运行占比及累计占比，并标出 P10/P50/P90 和点估计（虚线）。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Share of the Monte Carlo runs per duration bin and the cumulative share, with P10/P50/P90, the point estimate (dashed) and the deadline.</source>
            <translation>蒙特卡洛运行在各工期区间的占比与累计占比，含 P10/P50/P90、点估计（虚线）与截止期限。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Share of the Monte Carlo runs per duration bin and the cumulative share, with P10/P50/P90 and the point estimate (dashed).</source>
            <translation>各时长区间的蒙特卡洛运行占比及累计占比，并标出 P10/P50/P90 和点估计（虚线）。</translation>
        </message>
        <message>
            <location line="+12" />
            <source>What moves the total cost most</source>
            <translation>对总成本影响最大的因素</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Each input moved alone to a low and a high value — across its plausible range where the registry names one (failure rate, restart time, token KL), else ±20 % — with every other input as planned; the dashed line is the plan's total. costlab-cli sensitivity lists every input and the ranges' sources.</source>
            <translation>每个输入单独取低值和高值——参数表给出合理范围的（故障率、重启时间、token KL）取该范围，其余取 ±20 %——其他输入保持方案值；虚线为方案总成本。costlab-cli sensitivity 列出全部输入及范围来源。</translation>
        </message>
        <message>
            <location line="+10" />
            <location filename="../widgets/report/reportcontent.cpp" line="-210" />
            <source>Plan versus actual</source>
            <translation>计划与实际</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Cumulative spend of the bills against the plan and its Monte Carlo P10–P90 band; each day's spend as bars on the right axis with the daily alert line; dotted lines where a flag began.</source>
            <translation>账单的累计花费对照计划及其蒙特卡洛 P10–P90 区间；右轴柱形为每日花费，并标出每日预警线；虚线标出各异常标记开始的时间。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Route A vs Route B: cost to reach a score</source>
            <translation>路线 A 与路线 B：达到某一得分的成本</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Each plan sized to reach the score (A this plan, B the other): the line is the estimate, the band P10–P90 of its Monte Carlo with the laws' uncertainty; dotted lines at the score each reaches as planned, dashed at the crossing.</source>
            <translation>每个计划按达到该得分来确定规模（A 为本计划，B 为另一个）：曲线为估算值，色带为其蒙特卡洛的 P10–P90，含定律的不确定性；点线为各自按计划达到的得分，虚线为交叉点。</translation>
        </message>
        <message>
            <location line="+7" />
            <location filename="../widgets/report/reportcontent.cpp" line="+107" />
            <source>What moves the crossing</source>
            <translation>哪些假设会移动交叉点</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The crossing score with each assumption at its low and its high side, moved on both plans alike; the dashed line is the crossing as planned.</source>
            <translation>每个假设分别取低值和高值（两个计划同样变动）时的交叉得分；虚线为按计划的交叉点。</translation>
        </message>
        <message>
            <location filename="../widgets/report/reportcontent.cpp" line="-388" />
            <source>, </source>
            <comment>separator between the items of a list</comment>
            <translation>、</translation>
        </message>
        <message>
            <location line="+6" />
            <source>; </source>
            <comment>separator between clauses</comment>
            <translation>；</translation>
        </message>
        <message>
            <location line="+36" />
            <location filename="../widgets/report/reportlayout.cpp" line="+1100" />
            <source>Costlab budget report</source>
            <translation>Costlab 预算报告</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Date</source>
            <translation>日期</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Author</source>
            <translation>作者</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Project</source>
            <translation>项目</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Currency</source>
            <translation>币种</translation>
        </message>
        <message>
            <location line="+1" />
            <source> (%1 CNY per USD)</source>
            <translation>（1 美元 = %1 人民币）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Price catalog</source>
            <translation>价目表</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Catalog date</source>
            <translation>价目表日期</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Plan start</source>
            <translation>计划开始</translation>
        </message>
        <message>
            <location line="+3" />
            <source>A planning estimate computed by Costlab from the plan's inputs and the price catalog. Figures are forecasts, not quotes; the risk section and the assumptions table say what they rest on.</source>
            <translation>本报告由 Costlab 根据计划输入和价目表计算得出，数字为预测而非报价；风险与假设章节说明其依据。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Contents</source>
            <translation>目录</translation>
        </message>
        <message>
            <location line="+6" />
            <location line="+20" />
            <source>Executive summary</source>
            <translation>执行摘要</translation>
        </message>
        <message>
            <location line="-18" />
            <location line="+610" />
            <source>Charts</source>
            <translation>图表</translation>
        </message>
        <message>
            <location line="-609" />
            <location line="+624" />
            <source>Risks</source>
            <translation>风险</translation>
        </message>
        <message>
            <location line="-623" />
            <location line="+1092" />
            <source>Assumptions</source>
            <translation>假设</translation>
        </message>
        <message>
            <location line="-1091" />
            <location line="+1191" />
            <source>Methods</source>
            <translation>方法</translation>
        </message>
        <message>
            <location line="-1171" />
            <source>Warnings from the engine</source>
            <translation>引擎警告</translation>
        </message>
        <message>
            <location line="+16" />
            <location line="+799" />
            <source>Figure</source>
            <translation>指标</translation>
        </message>
        <message>
            <location line="-799" />
            <location line="+1061" />
            <source>Value</source>
            <translation>数值</translation>
        </message>
        <message>
            <location line="-1056" />
            <location line="+7" />
            <location line="+790" />
            <source>Total cost</source>
            <translation>总成本</translation>
        </message>
        <message>
            <location line="-796" />
            <source>Not priced: the catalog has no price for %1, so GPU time is not costed and the figures below leave it out.</source>
            <translation>未定价：价目表中没有 %1 的价格，因此 GPU 时间未计费，下列数字不含这部分。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Fixed / elastic</source>
            <translation>固定 / 弹性</translation>
        </message>
        <message>
            <location line="+3" />
            <location line="+62" />
            <source>Duration</source>
            <translation>时长</translation>
        </message>
        <message>
            <location line="-61" />
            <location line="+61" />
            <source>GPU-hours</source>
            <translation>GPU 小时</translation>
        </message>
        <message>
            <location line="-57" />
            <source>Trained tokens</source>
            <translation>训练 token 数</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+507" />
            <source>%1 tokens</source>
            <translation>%1 token</translation>
        </message>
        <message>
            <location line="-505" />
            <source>Cost per million trained tokens</source>
            <translation>每百万训练 token 成本</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1 %2 per million tokens</source>
            <translation>每百万 token %1 %2</translation>
        </message>
        <message>
            <location line="+7" />
            <source>no budget set</source>
            <translation>未设置预算</translation>
        </message>
        <message>
            <location line="+3" />
            <source>within budget: %1 of %2</source>
            <translation>预算内：占 %2 的 %1</translation>
        </message>
        <message>
            <location line="+4" />
            <source>warning: %1 of %2 (above 90 %)</source>
            <translation>警告：占 %2 的 %1（超过 90 %）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>over budget: %1 of %2</source>
            <translation>超出预算：占 %2 的 %1</translation>
        </message>
        <message>
            <location line="+5" />
            <source>not priced: no total to compare with %1</source>
            <translation>未定价：没有可与 %1 比较的总成本</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Budget status</source>
            <translation>预算状态</translation>
        </message>
        <message>
            <location line="+4" />
            <source>no alert line set</source>
            <translation>未设置每日告警线</translation>
        </message>
        <message>
            <location line="+2" />
            <source>never (peak %1 per day, line %2 per day)</source>
            <translation>从未超过（峰值每天 %1，警戒线每天 %2）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>day %1 (%2; peak %3 per day, line %4 per day)</source>
            <translation>第 %1 天（%2；峰值每天 %3，警戒线每天 %4）</translation>
        </message>
        <message>
            <location line="+6" />
            <source>First day over the daily alert line</source>
            <translation>首次超过每日告警线</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Cost per phase</source>
            <translation>各阶段成本</translation>
        </message>
        <message>
            <location line="+2" />
            <location line="+43" />
            <location line="+197" />
            <location line="+123" />
            <location line="+114" />
            <source>Phase</source>
            <translation>阶段</translation>
        </message>
        <message>
            <location line="-477" />
            <source>Kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <location line="+0" />
            <source>GPUs</source>
            <translation>GPU 数</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+23" />
            <location line="+235" />
            <source>Cost</source>
            <translation>成本</translation>
        </message>
        <message>
            <location line="-253" />
            <source>%1 days</source>
            <translation>%1 天</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Shared (datasets, engineering, …)</source>
            <translation>共享（数据集、工程等）</translation>
        </message>
        <message>
            <location line="+3" />
            <location line="+17" />
            <location line="+268" />
            <location line="+48" />
            <source>Total</source>
            <translation>合计</translation>
        </message>
        <message>
            <location line="-328" />
            <source>Cost per category</source>
            <translation>各类别成本</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+278" />
            <source>Category</source>
            <translation>类别</translation>
        </message>
        <message>
            <location line="-278" />
            <location line="+278" />
            <source>Resource type</source>
            <translation>资源类型</translation>
        </message>
        <message>
            <location line="-277" />
            <location line="+780" />
            <source>Share</source>
            <translation>占比</translation>
        </message>
        <message>
            <location line="-766" />
            <source>Each figure is rounded on its own, so the rows of a table may add up to a few units more or less than its total.</source>
            <translation>每个数字单独四舍五入，因此表中各行之和可能与合计相差几个单位。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Largest risks</source>
            <translation>最大风险</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Risk</source>
            <translation>风险</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Probability</source>
            <translation>概率</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Expected cost</source>
            <translation>期望成本</translation>
        </message>
        <message>
            <location line="+10" />
            <source>(a failure loses &gt; %1 h)</source>
            <translation>（单次故障损失 &gt; %1 小时）</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Expected cost: what the risk adds on average. For most risks that is probability × cost if it happens; for failure recovery it is the GPU time of all expected failures, while its probability is the chance that a single failure loses more than %1 h.</source>
            <translation>期望成本：该风险平均增加的成本。多数风险为“概率 × 发生时的成本”；故障恢复则是全部预期故障的 GPU 时间，而其概率是单次故障损失超过 %1 小时的概率。</translation>
        </message>
        <message>
            <location line="+28" />
            <source>As of %1 (day %2 of the plan) the bills hold %3 against %4 planned by then; the plan's Monte Carlo put P10–P90 at %5 – %6. %7 in %8 bill lines could not be attributed to the plan.</source>
            <translation>截至 %1（计划第 %2 天），账单合计 %3，计划此时为 %4；计划的蒙特卡洛 P10–P90 为 %5 – %6。有 %8 行账单共 %7 无法归因到本计划。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Re-forecast</source>
            <translation>重新预测</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Finish, day (P50 / P90)</source>
            <translation>完成日（P50 / P90）</translation>
        </message>
        <message>
            <location line="+8" />
            <location line="+793" />
            <location line="+45" />
            <source>Plan</source>
            <translation>方案</translation>
        </message>
        <message>
            <location line="-837" />
            <source>Spent so far plus the rest re-estimated</source>
            <translation>已花费加上重新估算的剩余部分</translation>
        </message>
        <message>
            <location line="+2" />
            <source>The rest is re-estimated from what was observed: pre-training at the logged step time, failures at %1 per 100,000 GPU-hours (the plan's %2, updated by the restarts in the logs), engineering as spent. docs/model-reference.md §12.</source>
            <translation>剩余部分按观测结果重新估算：预训练按日志中的步时，故障率为每 10 万 GPU 小时 %1 次（计划为 %2，按日志中的重启次数更新），工程费用按已花费计。见 docs/model-reference.md §12。</translation>
        </message>
        <message>
            <location line="+19" />
            <source>Route A vs Route B on value</source>
            <translation>路线 A 与路线 B 的价值比较</translation>
        </message>
        <message>
            <location line="+6" />
            <source>A is this plan, “%1”; B is “%2”. Each is sized to reach every benchmark score on one axis: a plan with RL by its target score, one without by the pre-training loss its score map reads as that score (docs/model-reference.md §11.4).</source>
            <translation>A 为本计划“%1”；B 为“%2”。二者都按在同一坐标轴上达到每个基准得分来确定规模：有 RL 的计划按其目标得分，没有 RL 的按其得分映射对应的预训练损失（docs/model-reference.md §11.4）。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>RL target score, from %1 to below %2</source>
            <translation>RL 目标得分，从 %1 到低于 %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>pre-training target loss, from %1 to below %2</source>
            <translation>预训练目标损失，从 %1 到低于 %2</translation>
        </message>
        <message>
            <location line="+4" />
            <source>R0 %1 from its base's loss</source>
            <translation>R0 %1 来自其基座模型的损失</translation>
        </message>
        <message>
            <location line="+3" />
            <source>A: %1; as planned it reaches %2. B: %3; as planned it reaches %4.</source>
            <translation>A：%1；按计划达到 %2。B：%3；按计划达到 %4。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Below a score of %1, %2 is the cheaper route; above it, %3.</source>
            <translation>得分低于 %1 时，%2 是更便宜的路线；高于它时是 %3。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>The two routes do not cost the same at any score on this range.</source>
            <translation>在此得分范围内，两条路线的成本在任何得分上都不相等。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Cost to reach a score</source>
            <translation>达到某一得分的成本</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Score</source>
            <translation>得分</translation>
        </message>
        <message>
            <location line="+0" />
            <source>A: cost</source>
            <translation>A：成本</translation>
        </message>
        <message>
            <location line="+0" />
            <source>A: P10 – P90</source>
            <translation>A：P10 – P90</translation>
        </message>
        <message>
            <location line="+1" />
            <source>B: cost</source>
            <translation>B：成本</translation>
        </message>
        <message>
            <location line="+0" />
            <source>B: P10 – P90</source>
            <translation>B：P10 – P90</translation>
        </message>
        <message>
            <location line="+5" />
            <source>not reached</source>
            <translation>无法达到</translation>
        </message>
        <message>
            <location line="+16" />
            <source>Assumption</source>
            <translation>假设</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Moved by</source>
            <translation>变动幅度</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Crossing, low side</source>
            <translation>交叉点（低值）</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Crossing, high side</source>
            <translation>交叉点（高值）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Each assumption moved on both plans alike, the crossing found again from evaluate()'s totals; the law's α and β are not moved alone, since A and B were fitted with them.</source>
            <translation>每个假设在两个计划上同样变动，再由 evaluate() 的总额重新求交叉点；定律的 α 和 β 不单独变动，因为 A 和 B 是与它们一起拟合的。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Anomaly flags</source>
            <translation>异常标记</translation>
        </message>
        <message>
            <location line="+2" />
            <source>None.</source>
            <translation>无。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Flag</source>
            <translation>标记</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Since (UTC)</source>
            <translation>开始于（UTC）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Cost so far</source>
            <translation>已造成的花费</translation>
        </message>
        <message>
            <location line="+0" />
            <source>What to check</source>
            <translation>检查什么</translation>
        </message>
        <message>
            <location line="+21" />
            <source>Phases</source>
            <translation>阶段</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Spent</source>
            <translation>已花费</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Planned by now</source>
            <translation>计划至今</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Steps done / planned</source>
            <translation>已完成 / 计划步数</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Step time, s (seen / plan)</source>
            <translation>步时，秒（观测 / 计划）</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Not attributed</source>
            <translation>未归因</translation>
        </message>
        <message>
            <location line="+2" />
            <source>File, row</source>
            <translation>文件，行</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Lines</source>
            <translation>行数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Why</source>
            <translation>原因</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Resource</source>
            <translation>资源</translation>
        </message>
        <message>
            <location line="+19" />
            <source>%1 more groups</source>
            <translation>另有 %1 组</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Every phase by cost category with the attribution tags (project, experiment batch, resource type) and the split into fixed (reserved, committed) and elastic (on-demand, spot) cost. Money in %1.</source>
            <translation>按成本类别列出每个阶段，附归属标签（项目、实验批次、资源类型），并区分固定（预留、承诺）与弹性（按需、竞价）成本。金额单位：%1。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Fixed</source>
            <translation>固定</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Elastic</source>
            <translation>弹性</translation>
        </message>
        <message>
            <location line="+15" />
            <source>project %1</source>
            <translation>项目 %1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>experiment batch %1</source>
            <translation>实验批次 %1</translation>
        </message>
        <message>
            <location line="+17" />
            <source>Phase subtotal</source>
            <translation>阶段小计</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Shared</source>
            <translation>共享</translation>
        </message>
        <message>
            <location line="+17" />
            <source>Training step and MFU</source>
            <translation>训练步与 MFU</translation>
        </message>
        <message>
            <location line="+2" />
            <source>MFU</source>
            <translation>MFU</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Layout</source>
            <translation>并行布局</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Step (s)</source>
            <translation>每步（秒）</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Compute</source>
            <translation>计算</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Comm.</source>
            <translation>通信</translation>
        </message>
        <message>
            <location line="+1" />
            <source>PP bubble</source>
            <translation>PP 气泡</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Production</source>
            <translation>生产开销</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Other</source>
            <translation>其他</translation>
        </message>
        <message>
            <location line="+13" />
            <source>Impossible, not priced: %1</source>
            <translation>不可行，未计价：%1</translation>
        </message>
        <message>
            <location line="+13" />
            <source>%1 × %2 × %3 × %4, %5</source>
            <comment>TP × PP × CP × DP, micro-batches × size</comment>
            <translation>%1 × %2 × %3 × %4，%5</translation>
        </message>
        <message>
            <location line="+8" />
            <source>(%1)</source>
            <translation>（%1）</translation>
        </message>
        <message>
            <location line="+15" />
            <source>Step: a benchmark iteration / a production step, in seconds. Production adds the wait for the slowest GPU (stragglers) and the evaluation passes; the shares are of the production step.</source>
            <translation>步长：基准测试迭代 / 生产训练步，单位为秒。生产训练还要等待最慢的 GPU（掉队者）并运行评估；各项占比以生产训练步为基准。</translation>
        </message>
        <message>
            <location line="+26" />
            <source>Custom law</source>
            <translation>自定义定律</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Custom curve</source>
            <translation>自定义曲线</translation>
        </message>
        <message>
            <location line="+2" />
            <source>loss ≤ %1 nats/token (floor %2)</source>
            <translation>损失 ≤ %1 nats/token（下限 %2）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>score ≥ %1 (asymptote %2)</source>
            <translation>得分 ≥ %1（渐近值 %2）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>%1 iterations</source>
            <translation>%1 次迭代</translation>
        </message>
        <message>
            <location line="+4" />
            <source>unreliable fit</source>
            <translation>拟合不可靠</translation>
        </message>
        <message>
            <location line="+4" />
            <source>outside the runs the law was fitted on</source>
            <translation>超出定律拟合实验的范围</translation>
        </message>
        <message>
            <location line="+5" />
            <source>%1 GPU-hours at this phase's own %2 GPU-hours per iteration</source>
            <translation>%1 GPU 小时，按此阶段自身每次迭代 %2 GPU 小时</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 GPU-hours of the curve's runs at %2 GPU-hours per step</source>
            <translation>曲线实验的 %1 GPU 小时，每步 %2 GPU 小时</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Training to a target</source>
            <translation>训练到目标</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Law</source>
            <translation>定律</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Target</source>
            <translation>目标</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Sized to</source>
            <translation>确定的训练量</translation>
        </message>
        <message>
            <location line="+0" />
            <source>P10 – P90</source>
            <translation>P10 – P90</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Note</source>
            <translation>说明</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Loss: L(N, D) = E + A/N^α + B/D^β (Hoffmann et al. 2022; the chosen fit). Score: R(C) = R0 + (A − R0)/(1 + (C_mid/C)^B) (Khatri et al. 2025), its GPU-hours turned into policy steps at the GPU-hours one step took in the curve's runs. The P10 – P90 is the law's own uncertainty, which the Monte Carlo samples (docs/model-reference.md §11).</source>
            <translation>损失：L(N, D) = E + A/N^α + B/D^β（Hoffmann 等 2022；所选拟合）。得分：R(C) = R0 + (A − R0)/(1 + (C_mid/C)^B)（Khatri 等 2025），其 GPU 小时按曲线实验中每步的 GPU 小时换算为策略更新步数。P10 – P90 是定律自身的不确定性，蒙特卡洛会对其抽样（docs/model-reference.md §11）。</translation>
        </message>
        <message>
            <location line="+28" />
            <source>Each risk is a probability and an expected cost (probability × what it costs when it happens), so cost and risk share one axis.</source>
            <translation>每项风险用概率和期望成本（概率 × 发生时的成本）表示，使成本与风险在同一尺度上。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Phases are combined as independent: the plan probability is 1 − Π(1 − pᵢ), expected costs add.</source>
            <translation>各阶段按相互独立合并：计划概率为 1 − Π(1 − pᵢ)，期望成本直接相加。</translation>
        </message>
        <message>
            <location line="+13" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location line="+9" />
            <source>%1: %2, expected cost %3</source>
            <translation>%1：%2，期望成本 %3</translation>
        </message>
        <message>
            <location line="+25" />
            <source>The chance that the estimated peak memory of a GPU exceeds what is usable, so the job fails in its first steps and has to be reconfigured. The expected cost is this chance times a restart plus half an hour of the pool.</source>
            <translation>估算的单卡峰值显存超过可用显存的概率；一旦超过，作业会在最初几步失败并需要重新配置。期望成本为该概率乘以一次重启加半小时整个资源池的费用。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Rests on: the memory model of the methods appendix §3 and a relative uncertainty of the memory estimate of %1 (assumptions.oom_sigma); OOM shows early, so it is a risk, not a cost line.</source>
            <translation>依据：方法附录 §3 的显存模型，以及显存估算的相对不确定度 %1（assumptions.oom_sigma）；OOM 会在早期暴露，因此作为风险而非成本项列出。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Not applicable: an evaluation phase trains nothing, so there is no loss spike or collapse to roll back.</source>
            <translation>不适用：评测阶段不做训练，因此没有需要回滚的损失尖峰或崩溃。</translation>
        </message>
        <message>
            <location line="+2" />
            <location line="+27" />
            <source>Rests on: nothing; the figure is zero by construction.</source>
            <translation>依据：无；该数值按定义为零。</translation>
        </message>
        <message>
            <location line="-24" />
            <source>The chance that the policy collapses at least once during the %1 RL iterations and the run rolls back to a checkpoint. The expected cost is the GPU time lost per event (detection, half a checkpoint interval, rollback margin, restart) times the expected number of events.</source>
            <translation>在 %1 次强化学习迭代中策略至少崩溃一次、训练回滚到检查点的概率。期望成本为每次事件损失的 GPU 时间（检测、半个检查点间隔、回滚余量、重启）乘以期望事件次数。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>The chance of at least one loss spike that forces a rollback during the %1 optimizer steps. The expected cost is the GPU time lost per event times the expected number of events.</source>
            <translation>在 %1 个优化器步中至少出现一次需要回滚的 loss 尖峰的概率。期望成本为每次事件损失的 GPU 时间乘以期望事件次数。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Rests on: a base hazard per step (%1 for stabilised pre-training, DeepSeek-V3; %2 per RL iteration) scaled by the learning-rate factor to the power %3 (Wortsman et al. 2023), rollout quantization and staleness multipliers; detection after %4 steps, rollback margin %5 steps (PaLM).</source>
            <translation>依据：每步基础风险率（采用稳定训练配方的预训练为 %1，DeepSeek-V3；每次强化学习迭代为 %2），按学习率因子的 %3 次方缩放（Wortsman 等，2023），再乘以 rollout 量化和陈旧度倍数；%4 步后检测到，回滚余量 %5 步（PaLM）。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>Not applicable: an evaluation phase trains nothing, so there is no run to lose to a divergence.</source>
            <translation>不适用：评估阶段不进行训练，因此不存在因发散而作废的训练。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>The chance that the policy collapses beyond rollback, so the RL work so far is lost and the recipe must be re-planned. The expected cost is this chance times the work of the run.</source>
            <translation>策略崩溃到无法回滚的概率：此前的 RL 工作全部作废，配方需要重新规划。期望成本为该概率乘以整轮运行的工作量。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Rests on: a logistic in the train–inference mismatch η = generated tokens × token KL (here η = %1; half of runs fail at η = %2, slope %3, stated for %4 iterations; risk-foundations.md §3.3).</source>
            <translation>依据：训练–推理失配 η = 生成 token 数 × 每 token KL 的 logistic 曲线（此处 η = %1；η = %2 时一半的运行失败，斜率 %3，按 %4 次迭代给出；risk-foundations.md §3.3）。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>The chance that the run diverges beyond rollback, so the work so far is lost and the recipe must be re-planned. The expected cost is this chance times the work of the run.</source>
            <translation>训练发散到无法回滚的概率：此前的工作全部作废，配方需要重新规划。期望成本为该概率乘以整轮运行的工作量。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Rests on: a prior of %1 for a first-of-kind run of 100B parameters or more (scaled down with the square of the size below that, PaLM), 0 for a repeat of a proven recipe (risk-foundations.md §4.3).</source>
            <translation>依据：参数量 100B 及以上的首次尝试取先验概率 %1（更小的模型按规模的平方缩小，PaLM），已验证配方的重复运行为 0（risk-foundations.md §4.3）。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Not modelled for evaluation: a campaign is inference in short independent jobs, and a failed job is simply run again; the figure is zero.</source>
            <translation>评测不建模此风险：评测由相互独立的短推理任务组成，失败的任务直接重跑；该数值为零。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Rests on: evaluation keeps no checkpoints (cost model §4).</source>
            <translation>依据：评测不保存检查点（成本模型 §4）。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The chance that at least one hardware failure costs more than %1 h of work. With %2 GPUs the job fails on average every %3 h; expected failures %4, each losing about %5 h of work (half a checkpoint interval plus the restart).</source>
            <translation>至少一次硬件故障导致损失超过 %1 小时工作量的概率。使用 %2 个 GPU 时，作业平均每 %3 小时失败一次；期望故障次数 %4，每次损失约 %5 小时的工作（半个检查点间隔加重启时间）。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Rests on: %1 failures per GPU-hour (Llama 3 405B: 1.97 × 10⁻⁵), checkpoint interval %2 h (Daly optimum %3 h), restart %4 min, %5 chance that a checkpoint is unusable; Daly (2006) for the wall time.</source>
            <translation>依据：每 GPU 小时 %1 次故障（Llama 3 405B：1.97 × 10⁻⁵），检查点间隔 %2 小时（Daly 最优值 %3 小时），重启 %4 分钟，检查点不可用的概率 %5；墙钟时间按 Daly (2006) 计算。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>The chance that the elastic (on-demand or spot) share of GPUs is not available when needed, so the reserved GPUs wait idle. Zero when the phase buys no elastic capacity.</source>
            <translation>需要时弹性（按需或竞价）部分的 GPU 无法获得、导致预留 GPU 空闲等待的概率。阶段未购买弹性算力时为零。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Rests on: probability of unavailability %1 and mean wait %2 h (capacity section), an assumption to adjust to your provider.</source>
            <translation>依据：不可得概率 %1、平均等待 %2 小时（容量部分），这是一项假设，请按您的云服务商调整。</translation>
        </message>
        <message>
            <location line="+18" />
            <location line="+319" />
            <source>Whole plan</source>
            <translation>整个计划</translation>
        </message>
        <message>
            <location line="-316" />
            <source>%1: %2, expected overrun %3</source>
            <translation>%1：%2，期望超支 %3</translation>
        </message>
        <message>
            <location line="+4" />
            <source>The chance that the real total exceeds the budget of %1, and the expected amount above it.</source>
            <translation>实际总成本超过预算 %1 的概率，以及超出部分的期望金额。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Rests on: the total treated as normally distributed around the estimate with a relative uncertainty of %1 (assumptions.estimate_sigma) plus the variance of the risks above.</source>
            <translation>依据：将总成本视为以估算值为中心的正态分布，相对不确定度为 %1（assumptions.estimate_sigma），再加上上述各项风险的方差。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>No budget is set, so there is no budget risk.</source>
            <translation>未设置预算，因此没有预算风险。</translation>
        </message>
        <message>
            <location line="+14" />
            <source>not priced</source>
            <translation>未定价</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Uncertainty (Monte Carlo)</source>
            <translation>不确定性（蒙特卡洛）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 runs of the plan, each sampling failures and restarts against the last checkpoint, unusable checkpoints, divergence rollbacks and waits for elastic capacity on every phase's timeline, with the failure rate, restart time and throughput drawn per run. Nine runs in ten cost less than P90.</source>
            <translation>对计划运行 %1 次模拟，每次在各阶段时间线上抽样相对上一个检查点的故障与重启、不可用的检查点、发散回滚和弹性容量等待，并在每次运行中抽取故障率、重启时间和吞吐。十次运行中有九次的成本低于 P90。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Point estimate</source>
            <translation>点估计</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Duration (days)</source>
            <translation>工期（天）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Interruptions</source>
            <translation>中断次数</translation>
        </message>
        <message>
            <location line="+8" />
            <source>%1: cost</source>
            <translation>%1：成本</translation>
        </message>
        <message>
            <location line="+3" />
            <source>%1: days</source>
            <translation>%1：天数</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Priors (risk-foundations.md §8): failure rate log-normal σ %1 around the plan's rate, restart time log-normal σ %2, throughput normal σ %3, day/night throughput swing %4 peak to trough (Llama 3); seed %5 (costlab-cli montecarlo gives the same figures). The point estimate's duration leaves out rollback and capacity-wait time.</source>
            <translation>先验（risk-foundations.md §8）：故障率围绕计划值的对数正态 σ %1，重启时间对数正态 σ %2，吞吐正态 σ %3，昼夜吞吐峰谷波动 %4（Llama 3）；随机种子 %5（costlab-cli montecarlo 给出相同结果）。点估计的工期不含回滚和容量等待的时间。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>P(over budget) in the runs: %1.</source>
            <translation>模拟中的超预算概率：%1。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>P(later than the %1-day deadline): %2.</source>
            <translation>晚于 %1 天截止期限的概率：%2。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>P(a day's spend above the daily alert line) in the runs: %1.</source>
            <translation>各次模拟中某日支出超过每日告警线的概率：%1。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Runs with an unrecoverable divergence or collapse: %1.</source>
            <translation>出现不可恢复的发散或崩溃的运行比例：%1。</translation>
        </message>
        <message>
            <location line="+16" />
            <source>Savings and alternatives</source>
            <translation>降本措施与替代方案</translation>
        </message>
        <message>
            <location line="+3" />
            <source>The source article's savings checklist (§4) and the knobs its risk boundaries are about (§5), each priced as a change of this plan's inputs: the saving is the total before minus the total after, P90 from %1 Monte Carlo runs on the same random numbers. Limits: P(out of memory) ≤ %2, P(unrecoverable divergence or collapse) ≤ %3, P(budget overrun) ≤ %4.</source>
            <translation>源文章的降本清单（第四节）及其风险边界涉及的参数（第五节），每项都按对此计划输入的改动计价：节省 = 改动前总成本 − 改动后总成本，P90 来自 %1 次使用相同随机数的蒙特卡洛运行。上限：P(显存溢出) ≤ %2，P(不可恢复的发散或崩溃) ≤ %3，P(超预算) ≤ %4。</translation>
        </message>
        <message>
            <location line="+18" />
            <source>Lever</source>
            <translation>杠杆</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Article</source>
            <translation>文章</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Saving</source>
            <translation>节省</translation>
        </message>
        <message>
            <location line="+1" />
            <source>P90 after</source>
            <translation>改动后 P90</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Risks it raises (whole plan)</source>
            <translation>升高的风险（整个计划）</translation>
        </message>
        <message>
            <location line="+8" />
            <source>%1 %2 → %3</source>
            <translation>%1 %2 → %3</translation>
        </message>
        <message>
            <location line="+5" />
            <source>over the limit: %1</source>
            <translation>超出上限：%1</translation>
        </message>
        <message>
            <location line="+10" />
            <source>No lever saves within the limits.</source>
            <translation>没有杠杆能在上限内节省成本。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>All levers within the limits</source>
            <translation>上限内的全部杠杆</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Applied together (largest saving first, each kept only if it still saves on top of the others): %1. Total %2 instead of %3, a saving of %4 (%5), in %6 days.</source>
            <translation>合并应用（按节省从大到小，叠加后仍节省的才保留）：%1。总成本 %2（原为 %3），节省 %4（%5），工期 %6 天。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>Changes, as costlab-cli --set values: %1</source>
            <translation>改动（costlab-cli --set 取值）：%1</translation>
        </message>
        <message>
            <location line="+7" />
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Levers that do not apply to this plan:</source>
            <translation>不适用于此计划的杠杆：</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Cheapest plan under the stated constraints</source>
            <translation>满足所述约束的最便宜方案</translation>
        </message>
        <message>
            <location line="+1" />
            <source>P(out of memory) ≤ %1</source>
            <translation>P(显存溢出) ≤ %1</translation>
        </message>
        <message>
            <location line="+1" />
            <source>P(unrecoverable divergence or collapse) ≤ %1</source>
            <translation>P(不可恢复的发散或崩溃) ≤ %1</translation>
        </message>
        <message>
            <location line="+3" />
            <source>P90 duration ≤ %1 days (the plan's deadline)</source>
            <translation>P90 工期 ≤ %1 天（计划的截止期限）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>P90 cost ≤ %1 (the plan's budget)</source>
            <translation>P90 成本 ≤ %1（计划的预算）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Phase searched: %1. Accelerator, GPU count, parallel layout, ZeRO stage, spot share, checkpoint interval, micro-batch and recompute (for RL: pool split, placement, pipeline, rollout precision, environments) — %2 candidate plans, each one full evaluation (%3 skipped by pruning that cannot skip a feasible plan); the %4 cheapest scored by Monte Carlo. Constraints: %5. The same search as costlab-cli optimise.</source>
            <translation>搜索的阶段：%1。加速器、GPU 数量、并行布局、ZeRO 阶段、竞价实例占比、检查点间隔、微批次与重计算（RL 另含：资源池划分、放置方式、流水线、rollout 精度、环境）— 共 %2 个候选方案，每个都做一次完整评估（%3 个被剪枝跳过，剪枝不会跳过可行方案）；最便宜的 %4 个再用蒙特卡洛评分。约束：%5。与 costlab-cli optimise 的搜索相同。</translation>
        </message>
        <message>
            <location line="+19" />
            <location line="+45" />
            <source>Expected total</source>
            <translation>期望总额</translation>
        </message>
        <message>
            <location line="-45" />
            <location line="+45" />
            <source>Days</source>
            <translation>天数</translation>
        </message>
        <message>
            <location line="-44" />
            <source>P90 total</source>
            <translation>P90 总额</translation>
        </message>
        <message>
            <location line="+0" />
            <source>P90 days</source>
            <translation>P90 天数</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Current plan</source>
            <translation>当前方案</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Best: %1</source>
            <translation>最佳：%1</translation>
        </message>
        <message>
            <location line="+4" />
            <source>The current plan's P90 is the Uncertainty section's (%1 runs, seed 1); each candidate's is from %2 runs.</source>
            <translation>当前计划的 P90 取自“不确定性”一节（%1 次运行，种子 1）；各候选方案的 P90 来自各自 %2 次运行。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>The levers above reach a lower total (%1) because they change every phase and settings this search does not; it changes %2 only.</source>
            <translation>上文的节省手段能达到更低的总成本（%1），因为它们会修改所有阶段以及本次搜索不涉及的设置；本次搜索只修改 %2。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>No plan in the search space meets every constraint.</source>
            <translation>搜索空间中没有方案满足全部约束。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>The current plan is already the cheapest in the space.</source>
            <translation>当前方案已是搜索空间中最便宜的。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Saves %1. Changes, as costlab-cli --set values: %2</source>
            <translation>节省 %1。改动（costlab-cli --set 取值）：%2</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Cost against duration: no plan of the search is both cheaper and faster than one of these.</source>
            <translation>成本与工期：搜索中没有任何方案比下列方案既更便宜又更快。</translation>
        </message>
        <message>
            <location line="+36" />
            <source>Every input of the plan with its value, whether it differs from the default, and the source or meaning of the default.</source>
            <translation>计划的每个输入：取值、是否偏离默认值，以及默认值的来源或含义。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Parameter</source>
            <translation>参数</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Id</source>
            <translation>标识</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Default?</source>
            <translation>默认？</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Source / meaning</source>
            <translation>来源 / 含义</translation>
        </message>
        <message>
            <location line="+9" />
            <source>Phase: %1</source>
            <translation>阶段：%1</translation>
        </message>
        <message>
            <location line="+7" />
            <source>default</source>
            <translation>默认</translation>
        </message>
        <message>
            <location line="+2" />
            <source>changed</source>
            <translation>已修改</translation>
        </message>
        <message>
            <location line="+26" />
            <source>yes</source>
            <translation>是</translation>
        </message>
        <message>
            <location line="+0" />
            <source>no</source>
            <translation>否</translation>
        </message>
        <message>
            <location line="+43" />
            <source>%1 (set by the target)</source>
            <translation>%1（由目标确定）</translation>
        </message>
        <message>
            <location line="+8" />
            <source>1. Model shape</source>
            <translation>1. 模型结构</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Parameter counts come from the transformer shape: per layer attention 2·h·d_attn + 2·h·d_kv (grouped-query attention shrinks only K and V), MLP n·h·f with n = 3 for gated MLPs (SwiGLU) and 2 otherwise, mixture-of-experts layers hold every expert of which top-k plus shared experts are active. Training FLOPs per token follow PaLM appendix B: 6·P_matmul + 12·Σ d_attn·s_eff, the embedding lookup excluded. Check: GPT-OSS-120B at 4,096 tokens gives 34.5 GFLOPs per token (torchtitan: 34.53 G).</source>
            <translation>参数量由 Transformer 结构得出：每层注意力为 2·h·d_attn + 2·h·d_kv（分组查询注意力只缩小 K 和 V），MLP 为 n·h·f，门控 MLP（SwiGLU）取 n = 3，否则取 2；混合专家层包含全部专家，其中 top-k 专家加共享专家为激活专家。每 token 训练 FLOPs 按 PaLM 附录 B 计算：6·P_matmul + 12·Σ d_attn·s_eff，不计嵌入查表。校验：GPT-OSS-120B 在 4,096 token 下为每 token 34.5 GFLOPs（torchtitan：34.53 G）。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>2. Pre-training compute</source>
            <translation>2. 预训练计算</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Compute C = FLOPs per token × tokens. The time of one optimizer step comes from the parallel layout: GEMMs on the accelerator's tile and wave model at its sustained GEMM rate, FlashAttention (causal) or full attention scores, element-wise work on HBM bandwidth, recompute, a host floor per layer, TP/CP/EP collectives on NVLink or the scale-out network, the 1F1B pipeline bubble (p−1)/(m·v), data-parallel gradient reduction with or without overlap, and the optimizer. MFU = C / (time × GPUs × peak BF16) is therefore an output; a pinned MFU, a measured TFLOP/s or tokens/s per GPU replaces the model when given. Checked against 1,481 measured Megatron iterations on A100 and nine H100 configurations (docs/validation.md).</source>
            <translation>计算量 C = 每 token FLOPs × token 数。一次优化器步的时间由并行布局得出：按加速卡的 tile 与 wave 模型以持续 GEMM 速率计算 GEMM、FlashAttention（因果）或完整注意力分数，按 HBM 带宽计算逐元素运算，重计算，每层的主机开销下限，NVLink 或横向扩展网络上的 TP/CP/EP 集合通信，1F1B 流水线气泡 (p−1)/(m·v)，有无重叠的数据并行梯度归约，以及优化器。因此 MFU = C / （时间 × GPU 数 × BF16 峰值） 是输出；给定固定 MFU、实测每 GPU TFLOP/s 或 tokens/s 时将取代该模型。已用 A100 上 1,481 次实测 Megatron 迭代和九个 H100 配置校验（docs/validation.md）。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>3. Memory per GPU</source>
            <translation>3. 每 GPU 显存</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Trainer memory: bytes per parameter by optimizer (AdamW 16, 8-bit AdamW 10, SGD with momentum 12 in the ZeRO paper's count; with AdamW 18 for Megatron-Core's FP32 gradient buffer, 20 with an FP32 gradient copy, 12 without an FP32 master, as the plan's training-state precision says) divided by tensor and pipeline parallelism and sharded by the ZeRO stage (routed experts over EP, their state over the expert-data-parallel group DP/EP; under FSDP hybrid sharding over the shard group); activations per layer s·b·h·(34 + 5·a·s/h)/TP (Korthikanti et al. 2022), the attention term dropped with FlashAttention or selective recomputation; plus FP32 logits, the CUDA context and ×1.07 fragmentation. Inference: weights by format, KV cache 2·L·kv_heads·head_dim·bytes per token, the vLLM profile activations. Colocated RL: while generating, the trainer's weights and optimizer state share the GPU with the engine's whole memory fraction; while training, the engine's fraction too unless it sleeps. DeepSpeed's hybrid engine reserves nothing: its gathered weights split over inference TP and a static KV workspace for its batch sit beside the trainer's state. P(OOM) = Φ((M_est − M_usable)/(σ·M_est)).</source>
            <translation>训练端显存：每参数字节数取决于优化器（按 ZeRO 论文的计法，AdamW 16，8-bit AdamW 10，带动量的 SGD 12；按方案的训练状态精度，使用 AdamW 时 Megatron-Core 的 FP32 梯度缓冲为 18，带 FP32 梯度副本为 20，无 FP32 主权重为 12），除以张量并行和流水线并行度，并按 ZeRO 阶段切分（路由专家按 EP 切分，其状态在专家数据并行组 DP/EP 内切分；FSDP 混合分片时在分片组内切分）；每层激活为 s·b·h·(34 + 5·a·s/h)/TP（Korthikanti 等，2022），使用 FlashAttention 或选择性重计算时去掉注意力项；另加 FP32 logits、CUDA 上下文和 ×1.07 的碎片系数。推理：按格式计算权重，KV 缓存每 token 为 2·L·kv_heads·head_dim·字节数，激活按 vLLM 的 profile 结果。共置 RL：生成期间，训练端的权重和优化器状态与推理引擎的整份显存比例同占一张卡；训练期间，若引擎不休眠，其显存比例也一并计入。DeepSpeed 混合引擎不预留显存：按推理 TP 切分的聚合权重和为其批次分配的静态 KV 工作区与训练端状态同占一张卡。P(OOM) = Φ((M_est − M_usable)/(σ·M_est))。</translation>
        </message>
        <message>
            <location line="+18" />
            <source>4. RL post-training</source>
            <translation>4. RL 后训练</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Episodes per iteration S = prompts × group size. Decode steps follow a roofline: the larger of memory time (weights and KV cache read at 70 % of HBM bandwidth) and compute time (50 % of peak). Response lengths are log-normal; the slowest of n responses (Blom's approximation) sets the synchronous tail. Environments add waves waiting for their slowest episode; asynchronous pipelines overlap the stages. DeepSpeed's hybrid engine gathers the ZeRO-3 weights before each generate call and decodes static batches until their longest response ends. Training FLOPs include the old log-prob pass, the reference model when the KL coefficient is positive, and the PPO critic. Utilisation = useful busy time / iteration; the rest of the pool cost is idle cost.</source>
            <translation>每轮迭代的回合数 S = 提示数 × 组大小。解码步数按 roofline 模型：取访存时间（以 HBM 带宽的 70 % 读取权重和 KV 缓存）与计算时间（峰值的 50 %）中的较大者。响应长度服从对数正态分布；n 个响应中最慢的一个（Blom 近似）决定同步尾部时间。环境会增加等待其最慢回合的波次；异步流水线使各阶段相互重叠。DeepSpeed 混合引擎在每次 generate 调用前聚合 ZeRO-3 权重，并以静态批次解码，直到批次中最长的回复结束。训练 FLOPs 包括旧策略 log-prob 计算、KL 系数为正时的参考模型，以及 PPO 的 critic。利用率 = 有效忙碌时间 / 迭代时间；资源池其余成本计为空闲成本。</translation>
        </message>
        <message>
            <location line="+11" />
            <source>5. Evaluation</source>
            <translation>5. 评测</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Requests = versions × benchmarks × samples through the same inference model with continuous batching. Environments that are not destroyed after use are billed as forgotten resources.</source>
            <translation>请求数 = 版本数 × 基准数 × 采样数，由同一推理模型以连续批处理完成。用后未销毁的环境按遗忘资源计费。</translation>
        </message>
        <message>
            <location line="+3" />
            <source>6. Storage, network, logging</source>
            <translation>6. 存储、网络与日志</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Storage is billed per GB-month (30.42 days) on the tier and for the time the data is held: datasets, checkpoints (newest k kept, milestones to the cold tier), trajectories. Checkpoint stalls (synchronous: size / write bandwidth; asynchronous: a fixed 5 s plus the device-to-host copy) are booked as checkpoint cost. Network: interconnect per GPU-hour, environment traffic at in-region prices, egress at internet prices. Logging: ingest price plus retention.</source>
            <translation>存储按 GB·月（30.42 天）计费，取决于存储层级和数据保存时长：数据集、检查点（保留最新 k 个，里程碑检查点转入冷存储层）、轨迹。检查点停顿（同步：大小 / 写入带宽；异步：固定 5 秒加设备到主机的拷贝）计入检查点成本。网络：互联按GPU 小时计费，环境流量按同区域价格，出流量按公网价格。日志：写入价格加保留费用。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>7. Engineering</source>
            <translation>7. 工程</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Environment types × engineer-months per type × monthly rate, plus maintenance engineers over the plan months; paid up front (a step at day 0 of the spend curve) and left out of the daily alert, which watches cloud spend.</source>
            <translation>环境类型数 × 每种类型人月数 × 月费率，加上整个计划期内的维护工程师费用；在开始时一次性支付（支出曲线第 0 天的阶跃），不计入每日告警，因为告警只监控云上支出。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>8. Failures and checkpoints</source>
            <translation>8. 故障与检查点</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Failure rate λ = N·r_gpu + nodes·r_node (+ spot interruptions), MTBF M = 1/λ. Wall time with checkpoints every τ and stall δ: Daly (2006), T = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·W/τ; optimum after Young √(2δM) and Daly's higher-order form. A corrupt newest checkpoint rolls back one more interval.</source>
            <translation>故障率 λ = N·r_gpu + 节点数·r_node（+ 竞价实例中断），MTBF M = 1/λ。每隔 τ 保存检查点、停顿 δ 时的墙钟时间按 Daly (2006)：T = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·W/τ；最优间隔采用 Young 的 √(2δM) 及 Daly 的高阶形式。最新检查点损坏时再多回滚一个间隔。</translation>
        </message>
        <message>
            <location line="+5" />
            <source>9. Risks</source>
            <translation>9. 风险</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Divergence: hazard per step h = h0 × learning-rate, quantization, KL, batch and staleness factors; P = 1 − e^{−h·steps}. Recovery: see §8. Capacity: probability the elastic share is unavailable × mean wait × reserved GPUs idling. Budget: the total as a normal distribution (relative sd from the assumptions plus the risks' variance); P(total &gt; budget) and the expected overrun. Plan probabilities combine phases as independent.</source>
            <translation>发散：每步风险率 h = h0 × 学习率、量化、KL、批大小和陈旧度因子；P = 1 − e^{−h·steps}。故障恢复：见 §8。容量：弹性部分不可得的概率 × 平均等待时间 × 空闲的预留 GPU。预算：将总成本视为正态分布（相对标准差取自假设值并加上各项风险的方差）；给出 P(总成本 &gt; 预算) 和期望超支。计划概率按各阶段相互独立合并。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Sources</source>
            <translation>来源</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Formulas and their choices are documented in docs/model-reference.md of the Costlab sources; the price catalog names the source and date of every price.</source>
            <translation>公式及其取舍记录在 Costlab 源码的 docs/model-reference.md 中；价目表注明了每个价格的来源和日期。</translation>
        </message>
        <message>
            <location filename="../widgets/report/reportlayout.cpp" line="+9" />
            <source>Page %1 of %2</source>
            <translation>第 %1 页，共 %2 页</translation>
        </message>
        <message>
            <location line="+18" />
            <source>Cannot write the report: the page device could not be started.</source>
            <translation>无法写入报告：页面设备无法启动。</translation>
        </message>
        <message>
            <location line="+13" />
            <location filename="../widgets/report/reportwriter.cpp" line="+135" />
            <location line="+6" />
            <location line="+8" />
            <location line="+13" />
            <source>Report cancelled.</source>
            <translation>报告已取消。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Cannot write the report: the pages could not be finished.</source>
            <translation>无法写入报告：页面无法完成。</translation>
        </message>
        <message>
            <location filename="../widgets/report/reportwriter.cpp" line="-118" />
            <source>%1 days (%2 h)</source>
            <translation>%1 天（%2 小时）</translation>
        </message>
        <message>
            <location line="+6" />
            <source>whole plan</source>
            <translation>整个计划</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Phase %1</source>
            <translation>阶段 %1</translation>
        </message>
        <message>
            <location line="+19" />
            <source>%1 GPU-h</source>
            <translation>%1 GPU 小时</translation>
        </message>
        <message>
            <location line="+23" />
            <source>Cannot write the report: no file name given.</source>
            <translation>无法写入报告：未指定文件名。</translation>
        </message>
        <message>
            <location line="+6" />
            <location line="+11" />
            <source>Cannot write the report to %1: %2</source>
            <translation>无法将报告写入 %1：%2</translation>
        </message>
        <message>
            <location line="+21" />
            <source>Cannot write the report: no page device.</source>
            <translation>无法写入报告：没有页面设备。</translation>
        </message>
        <message>
            <location line="+27" />
            <source>Cannot write the report: the text layout lost the paragraph "%1".</source>
            <translation>无法写入报告：文本排版丢失了段落“%1”。</translation>
        </message>
    </context>
    <context>
        <name>costlab::Risk</name>
        <message>
            <location filename="../widgets/common/labels.cpp" line="-28" />
            <source>, </source>
            <comment>list separator</comment>
            <translation>、</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The total includes the expected costs of %1 (booked as hidden costs); %2 are shown beside it, not added to it.</source>
            <translation>总成本已包含%1的期望成本（计入隐性成本）；%2单独列出，不计入总成本。</translation>
        </message>
        <message>
            <location filename="../model/engine/risks.h" line="+53" />
            <source>Out of memory</source>
            <translation>显存溢出</translation>
        </message>
        <message>
            <location line="+1" />
            <source>OOM</source>
            <translation>OOM</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Chance that a GPU runs out of memory at the planned settings, so the job fails in its first steps and must be reconfigured.</source>
            <translation>按计划设置运行时某块 GPU 显存溢出的概率：任务在最初几步失败，需要重新配置。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Divergence / collapse (rolled back)</source>
            <translation>发散/崩溃（已回滚）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Rollbacks</source>
            <translation>回滚</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Chance of at least one loss spike (pre-training) or policy collapse (RL) that is rolled back to a checkpoint and re-run; the expected cost is the re-run GPU time.</source>
            <translation>至少发生一次损失尖峰（预训练）或策略崩溃（RL）并回滚到检查点重跑的概率；预期成本为重跑的 GPU 时间。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Unrecoverable divergence / collapse</source>
            <translation>不可恢复的发散/崩溃</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Run lost</source>
            <translation>整轮报废</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Chance that the run diverges or collapses beyond rollback: the work so far is lost and the recipe must be re-planned; the expected cost is the lost work.</source>
            <translation>运行发散或崩溃且无法通过回滚挽救的概率：此前的工作全部损失，配方必须重新规划；预期成本为损失的工作量。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Failure recovery</source>
            <translation>故障恢复</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Recovery</source>
            <translation>恢复</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Chance that a hardware failure loses more work than the threshold or meets an unusable checkpoint.</source>
            <translation>一次硬件故障丢失的工作超过阈值，或遇到不可用检查点的概率。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Capacity shortfall</source>
            <translation>容量不足</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Capacity</source>
            <translation>容量</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Chance that elastic (on-demand or spot) GPUs are not available when needed, so the reserved GPUs wait idle.</source>
            <translation>需要时弹性（按需或竞价）GPU 不可用、预留 GPU 只能空等的概率。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Budget overrun</source>
            <translation>预算超支</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Budget</source>
            <translation>预算</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Chance that the real total exceeds the budget, given the uncertainty of the estimate; the expected cost is the expected amount above the budget.</source>
            <translation>考虑估算不确定性后，实际总成本超出预算的概率；期望成本为超出预算的期望金额。</translation>
        </message>
    </context>
    <context>
        <name>costlab::RlUtilisationChart</name>
        <message>
            <location filename="../widgets/charts/rlutilisationchart.cpp" line="+56" />
            <source>RL pipeline: busy and idle time per iteration</source>
            <translation>强化学习流水线：每次迭代的忙碌与空闲时间</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Time per iteration (s)</source>
            <translation>每次迭代时间（秒）</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+211" />
            <source>Busy</source>
            <translation>忙碌</translation>
        </message>
        <message>
            <location line="-210" />
            <source>Idle (waiting)</source>
            <translation>空闲（等待）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>No RL phase in this plan.
Add an RL post-training phase to see how long rollout GPUs, trainers
and environment workers are busy or idle.</source>
            <translation>此计划没有强化学习阶段。
添加强化学习后训练阶段，即可查看 rollout GPU、训练端
和环境 worker 的忙碌与空闲时间。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>Rollout GPUs</source>
            <translation>Rollout GPU</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Trainer GPUs</source>
            <translation>训练端 GPU</translation>
        </message>
        <message>
            <location line="+22" />
            <source>synchronous</source>
            <translation>同步</translation>
        </message>
        <message>
            <location line="+1" />
            <source>asynchronous</source>
            <translation>异步</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1, %2</source>
            <translation>%1，%2</translation>
        </message>
        <message>
            <location line="+1" />
            <source>colocated</source>
            <translation>共置</translation>
        </message>
        <message>
            <location line="+1" />
            <source>disaggregated</source>
            <translation>分离部署</translation>
        </message>
        <message>
            <location line="+8" />
            <source>%1 · %2 s per iteration</source>
            <translation>%1 · 每次迭代 %2 秒</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1 — %2 · %3 s per iteration</source>
            <translation>%1 — %2 · 每次迭代 %3 秒</translation>
        </message>
        <message>
            <location line="+29" />
            <source>%1 (%2 busy)</source>
            <translation>%1（忙碌 %2）</translation>
        </message>
        <message>
            <location line="+127" />
            <source>%1 s</source>
            <translation>%1 秒</translation>
        </message>
        <message>
            <location line="+7" />
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Idle</source>
            <translation>空闲</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Iteration</source>
            <translation>迭代</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Generation</source>
            <translation>生成</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Environment wait</source>
            <translation>等待环境</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Training</source>
            <translation>训练</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Weight sync</source>
            <translation>权重同步</translation>
        </message>
    </context>
    <context>
        <name>costlab::SpendChart</name>
        <message>
            <location filename="../widgets/charts/spendchart.cpp" line="+82" />
            <source>Cumulative spend over the plan</source>
            <translation>计划期内累计支出</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+9" />
            <location line="+186" />
            <source>Cumulative spend</source>
            <translation>累计支出</translation>
        </message>
        <message>
            <location line="-194" />
            <location line="+196" />
            <source>Budget</source>
            <translation>预算</translation>
        </message>
        <message>
            <location line="-195" />
            <source>Spend at the daily alert rate</source>
            <translation>按每日告警线支出</translation>
        </message>
        <message>
            <location line="+20" />
            <source>d MMM yyyy</source>
            <translation>yyyy年M月d日</translation>
        </message>
        <message>
            <location line="+16" />
            <source>d MMM</source>
            <translation>M月d日</translation>
        </message>
        <message>
            <location line="+34" />
            <source>Spend not priced: an accelerator
has no price in the catalog.</source>
            <translation>支出未定价：价目表中
某加速器没有价格。</translation>
        </message>
        <message>
            <location line="+65" />
            <source>Budget %1 — reached %2</source>
            <translation>预算 %1 — 于 %2 用完</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Budget %1</source>
            <translation>预算 %1</translation>
        </message>
        <message>
            <location line="+16" />
            <source>Daily alert first exceeded: %1</source>
            <translation>首次超过每日告警线：%1</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Date (plan starts %1, %2 days)</source>
            <translation>日期（计划始于 %1，共 %2 天）</translation>
        </message>
        <message>
            <location line="+33" />
            <source>day %1</source>
            <translation>第 %1 天</translation>
        </message>
        <message>
            <location line="+7" />
            <source>%1 (%2 used)</source>
            <translation>%1（已用 %2）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>At the alert rate (%1/day)</source>
            <translation>按告警线（%1/天）</translation>
        </message>
    </context>
    <context>
        <name>costlab::StepChart</name>
        <message>
            <location filename="../widgets/charts/stepchart.cpp" line="+68" />
            <source>Compute</source>
            <translation>计算</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Host wait</source>
            <translation>等待主机</translation>
        </message>
        <message>
            <location line="+2" />
            <source>TP comm.</source>
            <translation>TP 通信</translation>
        </message>
        <message>
            <location line="+2" />
            <source>CP comm.</source>
            <translation>CP 通信</translation>
        </message>
        <message>
            <location line="+2" />
            <source>EP all-to-all</source>
            <translation>EP all-to-all</translation>
        </message>
        <message>
            <location line="+2" />
            <source>PP bubble</source>
            <translation>PP 气泡</translation>
        </message>
        <message>
            <location line="+2" />
            <source>DP comm.</source>
            <translation>DP 通信</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Optimizer</source>
            <translation>优化器</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Stragglers</source>
            <translation>掉队者</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Evaluation</source>
            <translation>评估</translation>
        </message>
        <message>
            <location line="+9" />
            <source>One optimizer step: where the time goes</source>
            <translation>一次优化器步：时间花在哪里</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Time per step (s)</source>
            <translation>每步时间（秒）</translation>
        </message>
        <message>
            <location line="+26" />
            <source>%1 · MFU %2</source>
            <translation>%1 · MFU %2</translation>
        </message>
        <message>
            <location line="+2" />
            <source>TP %1 × PP %2 × CP %3 × DP %4</source>
            <translation>TP %1 × PP %2 × CP %3 × DP %4</translation>
        </message>
        <message>
            <location line="+4" />
            <source>, EP %1 × ETP %2</source>
            <translation>，EP %1 × ETP %2</translation>
        </message>
        <message>
            <location line="+4" />
            <source>%1; %2 micro-batches of %3 per step; %4 s per step in a benchmark, %5 s in production</source>
            <translation>%1；每步 %2 个微批次，每个 %3 条；基准测试每步 %4 秒，生产中 %5 秒</translation>
        </message>
        <message>
            <location line="+66" />
            <source>No phase has a modelled training step.</source>
            <translation>没有阶段具有建模的训练步。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Pinned MFU or measured throughput: %1</source>
            <translation>固定 MFU 或实测吞吐：%1</translation>
        </message>
        <message>
            <location line="+31" />
            <source>%1: %2 s (%3)</source>
            <translation>%1：%2 秒（%3）</translation>
        </message>
    </context>
    <context>
        <name>costlab::TargetChart</name>
        <message>
            <location filename="../widgets/charts/targetchart.cpp" line="+191" />
            <source>Target</source>
            <translation>目标</translation>
        </message>
        <message>
            <location line="+6" />
            <source>No training phase: the loss law and the RL curve size pre-training and RL phases.</source>
            <translation>没有训练阶段：损失定律和 RL 曲线用于确定预训练和 RL 阶段的训练量。</translation>
        </message>
        <message>
            <location line="+2" />
            <source>The law cannot be drawn for this phase (the plan is refused or the target is out of reach: see the problems line).</source>
            <translation>无法为此阶段绘制定律（计划被拒绝或目标无法达到：见问题提示行）。</translation>
        </message>
        <message>
            <location line="+58" />
            <source>Your runs: %1</source>
            <translation>您的实验：%1</translation>
        </message>
        <message>
            <location line="+26" />
            <source>Loss law at %1 parameters</source>
            <translation>%1 参数下的损失定律</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Tokens the target needs</source>
            <translation>目标所需 token 数</translation>
        </message>
        <message>
            <location line="+0" />
            <source>This phase's tokens</source>
            <translation>此阶段的 token 数</translation>
        </message>
        <message>
            <location line="+3" />
            <source>%1: tokens for a loss of %2 nats/token</source>
            <translation>%1：达到损失 %2 nats/token 所需的 token 数</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+3" />
            <source>Pre-training</source>
            <translation>预训练</translation>
        </message>
        <message>
            <location line="-1" />
            <source>%1: the loss its tokens reach</source>
            <translation>%1：其 token 数达到的损失</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Training tokens D (log scale)</source>
            <translation>训练 token 数 D（对数刻度）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Loss (nats/token)</source>
            <translation>损失（nats/token）</translation>
        </message>
        <message>
            <location line="+7" />
            <source>Floor E + A/N^α: %1</source>
            <translation>下限 E + A/N^α：%1</translation>
        </message>
        <message>
            <location line="+2" />
            <location line="+58" />
            <source>Target: %1</source>
            <translation>目标：%1</translation>
        </message>
        <message>
            <location line="-52" />
            <source>%1 tokens (P10 %2 – P90 %3)</source>
            <translation>%1 token（P10 %2 – P90 %3）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>%1 tokens</source>
            <translation>%1 token</translation>
        </message>
        <message>
            <location line="+29" />
            <source>Compute–performance curve</source>
            <translation>算力–性能曲线</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Compute the target needs</source>
            <translation>目标所需算力</translation>
        </message>
        <message>
            <location line="+3" />
            <source>RL</source>
            <translation>RL</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1: compute for a score of %2</source>
            <translation>%1：达到得分 %2 所需的算力</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1: compute–performance curve</source>
            <translation>%1：算力–性能曲线</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GPU-hours of the curve's runs (log scale)</source>
            <translation>曲线实验的 GPU 小时（对数刻度）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>RL iterations (log scale)</source>
            <translation>RL 迭代次数（对数刻度）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Score (pass rate)</source>
            <translation>得分（通过率）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Asymptote A: %1</source>
            <translation>渐近值 A：%1</translation>
        </message>
        <message>
            <location line="+8" />
            <source>%1 GPU-hours = %2 iterations</source>
            <translation>%1 GPU 小时 = %2 次迭代</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 iterations</source>
            <translation>%1 次迭代</translation>
        </message>
        <message>
            <location line="+15" />
            <source>&lt;b&gt;%1 tokens&lt;/b&gt;&lt;br&gt;loss %2 nats/token at %3 parameters&lt;br&gt;L(N, D) = E + A/N^α + B/D^β (Hoffmann et al. 2022; the law chosen in the Target group)</source>
            <translation>&lt;b&gt;%1 token&lt;/b&gt;&lt;br&gt;%3 参数下损失 %2 nats/token&lt;br&gt;L(N, D) = E + A/N^α + B/D^β（Hoffmann 等 2022；“目标”组中所选的定律）</translation>
        </message>
        <message>
            <location line="+7" />
            <source>&lt;b&gt;%1 %2&lt;/b&gt;&lt;br&gt;score %3&lt;br&gt;R(C) = R0 + (A − R0)/(1 + (C_mid/C)^B) (Khatri et al. 2025; the curve chosen in the Target group)</source>
            <translation>&lt;b&gt;%1 %2&lt;/b&gt;&lt;br&gt;得分 %3&lt;br&gt;R(C) = R0 + (A − R0)/(1 + (C_mid/C)^B)（Khatri 等 2025；“目标”组中所选的曲线）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>GPU-hours</source>
            <translation>GPU 小时</translation>
        </message>
        <message>
            <location line="+0" />
            <source>iterations</source>
            <translation>次迭代</translation>
        </message>
    </context>
    <context>
        <name>costlab::TornadoChart</name>
        <message>
            <location filename="../widgets/charts/tornadochart.cpp" line="+59" />
            <source>What moves the total cost most</source>
            <translation>对总成本影响最大的因素</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Input at its low value</source>
            <translation>输入取低值</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Input at its high value</source>
            <translation>输入取高值</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The sensitivity follows the estimate…</source>
            <translation>敏感性分析将在估算之后给出…</translation>
        </message>
        <message>
            <location line="+6" />
            <source>Total cost</source>
            <translation>总成本</translation>
        </message>
        <message>
            <location line="+42" />
            <source>No sensitivity: the plan cannot be evaluated.</source>
            <translation>无敏感性结果：该方案无法估算。</translation>
        </message>
        <message>
            <location line="+45" />
            <source>Range from the registry: %1</source>
            <translation>范围来自参数表：%1</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Range: the target ± the chosen share of its distance to the law's floor or the curve's asymptote</source>
            <translation>范围：目标值 ± 其与定律下限或曲线渐近值之间距离的所选比例</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Range: the plan's value ± the chosen share</source>
            <translation>范围：方案值 ± 所选比例</translation>
        </message>
        <message>
            <location line="+1" />
            <source>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;Plan: %3 → total %4&lt;br&gt;Low %5 → total %6, %7 days&lt;br&gt;High %8 → total %9, %10 days&lt;br&gt;%11</source>
            <translation>&lt;b&gt;%1&lt;/b&gt;（%2）&lt;br&gt;方案：%3 → 总成本 %4&lt;br&gt;低值 %5 → 总成本 %6，%7 天&lt;br&gt;高值 %8 → 总成本 %9，%10 天&lt;br&gt;%11</translation>
        </message>
    </context>
    <context>
        <name>costlab::TradeoffChart</name>
        <message>
            <location filename="../widgets/charts/tradeoffchart.cpp" line="+218" />
            <source>On</source>
            <translation>开</translation>
        </message>
        <message>
            <location line="+0" />
            <source>Off</source>
            <translation>关</translation>
        </message>
        <message>
            <location line="+29" />
            <source>%1 %2</source>
            <comment>value unit</comment>
            <translation>%1 %2</translation>
        </message>
        <message>
            <location line="+5" />
            <source>Cost and risk trade-off</source>
            <translation>成本与风险权衡</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+1" />
            <location line="+12" />
            <source>Total cost</source>
            <translation>总成本</translation>
        </message>
        <message>
            <location line="-3" />
            <source>Parameter</source>
            <translation>参数</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1 (%2)</source>
            <comment>axis title (unit)</comment>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Total cost: not priced</source>
            <translation>总成本：未定价</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Risk probability (%)</source>
            <translation>风险概率（%）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Expected cost of risk</source>
            <translation>风险期望成本</translation>
        </message>
        <message>
            <location line="+42" />
            <source>Sweep failed: %1</source>
            <translation>扫描失败：%1</translation>
        </message>
        <message>
            <location line="+2" />
            <source>No sweep data</source>
            <translation>无扫描数据</translation>
        </message>
        <message>
            <location line="+165" />
            <source>Current: %1</source>
            <translation>当前：%1</translation>
        </message>
        <message>
            <location line="+14" />
            <source>Young/Daly optimum: %1</source>
            <translation>Young/Daly 最优：%1</translation>
        </message>
        <message>
            <location line="+58" />
            <source>Total cost: not priced (an accelerator has no price in the catalog)</source>
            <translation>总成本：未定价（价目表中某加速器没有价格）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>Total cost: %1</source>
            <translation>总成本：%1</translation>
        </message>
        <message>
            <location line="+4" />
            <source>&lt;tr&gt;&lt;td&gt;%1&lt;/td&gt;&lt;td align="right"&gt;&amp;nbsp;%2&lt;/td&gt;&lt;td&gt;&amp;nbsp;(expected %3)&lt;/td&gt;&lt;/tr&gt;</source>
            <translation>&lt;tr&gt;&lt;td&gt;%1&lt;/td&gt;&lt;td align="right"&gt;&amp;nbsp;%2&lt;/td&gt;&lt;td&gt;&amp;nbsp;（期望 %3）&lt;/td&gt;&lt;/tr&gt;</translation>
        </message>
        <message>
            <location line="+3" />
            <source>not priced</source>
            <translation>未定价</translation>
        </message>
    </context>
    <context>
        <name>costlab::Unit</name>
        <message>
            <location filename="../model/io/catalogreader.cpp" line="+379" />
            <location line="+26" />
            <source>GiB</source>
            <translation>GiB</translation>
        </message>
        <message>
            <location line="-25" />
            <location line="+6" />
            <location line="+25" />
            <source>GB/s</source>
            <translation>GB/s</translation>
        </message>
        <message>
            <location line="-30" />
            <source>TFLOP/s</source>
            <translation>TFLOP/s</translation>
        </message>
        <message>
            <location line="+2" />
            <source>TFLOP/s (0 = not supported)</source>
            <translation>TFLOP/s（0 = 不支持）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>TOPS (0 = not supported)</source>
            <translation>TOPS（0 = 不支持）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>W</source>
            <translation>W</translation>
        </message>
        <message>
            <location line="+1" />
            <source>fraction</source>
            <translation> </translation>
        </message>
        <message>
            <location line="+2" />
            <source>fraction (0 = model default)</source>
            <translation>比例（0 = 模型默认值）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>SMs (0 = model default)</source>
            <translation>个 SM（0 = 模型默认值）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>FLOP per SM per clock (0 = A100's 2,048)</source>
            <translation>FLOP/SM/时钟周期（0 = A100 的 2,048）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>GPUs (0 = GPUs per node)</source>
            <translation>卡（0 = 每节点 GPU 数）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Gb/s per GPU</source>
            <translation>Gb/s/卡</translation>
        </message>
        <message>
            <location line="+1" />
            <source>GiB per node</source>
            <translation>GiB/节点</translation>
        </message>
        <message>
            <location line="+2" />
            <source>GB/s per GPU and direction</source>
            <translation>GB/s/卡/方向</translation>
        </message>
        <message>
            <location line="+2" />
            <source>currency per GPU-hour</source>
            <translation>currency/GPU 小时</translation>
        </message>
        <message>
            <location line="+1" />
            <source>vCPU</source>
            <translation>vCPU</translation>
        </message>
        <message>
            <location line="+2" />
            <source>GPUs</source>
            <translation>卡</translation>
        </message>
        <message>
            <location line="+2" />
            <source>currency per instance-hour</source>
            <translation>currency/实例小时</translation>
        </message>
        <message>
            <location line="+2" />
            <location line="+6" />
            <source>currency per GB-month</source>
            <translation>currency/GB·月</translation>
        </message>
        <message>
            <location line="-4" />
            <source>currency per GB</source>
            <translation>currency/GB</translation>
        </message>
        <message>
            <location line="+2" />
            <source>currency per million requests</source>
            <translation>currency/百万次请求</translation>
        </message>
        <message>
            <location line="+3" />
            <source>CNY per USD</source>
            <translation>CNY/USD</translation>
        </message>
        <message>
            <location line="+16" />
            <source>GPUs per node</source>
            <translation>每节点 GPU 数</translation>
        </message>
        <message>
            <source>CNY/USD</source>
            <translation>元/美元</translation>
        </message>
        <message>
            <source>TB</source>
            <translation>TB</translation>
        </message>
        <message>
            <source>days</source>
            <translation>天</translation>
        </message>
        <message>
            <source>months</source>
            <translation>个月</translation>
        </message>
        <message>
            <source>checkpoints</source>
            <translation>个检查点</translation>
        </message>
        <message>
            <source>currency/GPU-h</source>
            <translation>currency/GPU 小时</translation>
        </message>
        <message>
            <source>KB</source>
            <translation>KB</translation>
        </message>
        <message>
            <source>GB</source>
            <translation>GB</translation>
        </message>
        <message>
            <source>1/GPU-h</source>
            <translation>次/GPU 小时</translation>
        </message>
        <message>
            <source>1/node-h</source>
            <translation>次/节点时</translation>
        </message>
        <message>
            <source>h</source>
            <translation>小时</translation>
        </message>
        <message>
            <source>min</source>
            <translation>分钟</translation>
        </message>
        <message>
            <source>probability</source>
            <translation>概率</translation>
        </message>
        <message>
            <source>fraction/month</source>
            <translation>/月</translation>
        </message>
        <message>
            <source>types</source>
            <translation>种</translation>
        </message>
        <message>
            <source>engineer-months</source>
            <translation>人月</translation>
        </message>
        <message>
            <source>currency/month</source>
            <translation>currency/月</translation>
        </message>
        <message>
            <source>FTE</source>
            <translation>人</translation>
        </message>
        <message>
            <source>currency</source>
            <translation>currency</translation>
        </message>
        <message>
            <source>currency/day</source>
            <translation>currency/天</translation>
        </message>
        <message>
            <source>×</source>
            <translation>×</translation>
        </message>
        <message>
            <source>s</source>
            <translation>秒</translation>
        </message>
        <message>
            <source>params/s</source>
            <translation>参数/秒</translation>
        </message>
        <message>
            <source>σ</source>
            <translation>σ</translation>
        </message>
        <message>
            <source>shape</source>
            <translation>形状参数</translation>
        </message>
        <message>
            <source>CV</source>
            <translation>CV</translation>
        </message>
        <message>
            <source>1/step</source>
            <translation>次/步</translation>
        </message>
        <message>
            <source>1/iteration</source>
            <translation>次/迭代</translation>
        </message>
        <message>
            <source>exponent</source>
            <translation>指数</translation>
        </message>
        <message>
            <source>per step</source>
            <translation>每步</translation>
        </message>
        <message>
            <source>nats/token</source>
            <translation>nats/token</translation>
        </message>
        <message>
            <source>η</source>
            <translation>η</translation>
        </message>
        <message>
            <source>per ln η</source>
            <translation>每 ln η</translation>
        </message>
        <message>
            <source>iterations</source>
            <translation>次迭代</translation>
        </message>
        <message>
            <source>share per ×</source>
            <translation>比例/倍</translation>
        </message>
        <message>
            <source>steps</source>
            <translation>步</translation>
        </message>
        <message>
            <source>params</source>
            <translation>参数</translation>
        </message>
        <message>
            <source>B</source>
            <translation>B</translation>
        </message>
        <message>
            <source>layers</source>
            <translation>层</translation>
        </message>
        <message>
            <source>dimensions</source>
            <translation>维</translation>
        </message>
        <message>
            <source>heads</source>
            <translation>个头</translation>
        </message>
        <message>
            <source>tokens</source>
            <translation>token</translation>
        </message>
        <message>
            <source>experts</source>
            <translation>个专家</translation>
        </message>
        <message>
            <source>T</source>
            <translation>T</translation>
        </message>
        <message>
            <source>coefficient</source>
            <translation>系数</translation>
        </message>
        <message>
            <source>per nat/token</source>
            <translation>每 nat/token</translation>
        </message>
        <message>
            <source>M</source>
            <translation>M</translation>
        </message>
        <message>
            <source>tokens/s</source>
            <translation>tokens/s</translation>
        </message>
        <message>
            <source>stages</source>
            <translation>级</translation>
        </message>
        <message>
            <source>micro-batches</source>
            <translation>微批次</translation>
        </message>
        <message>
            <source>sequences</source>
            <translation>条序列</translation>
        </message>
        <message>
            <source>rank</source>
            <translation>秩</translation>
        </message>
        <message>
            <source>curve units</source>
            <translation>曲线单位</translation>
        </message>
        <message>
            <source>GPU-hours</source>
            <translation>GPU 小时</translation>
        </message>
        <message>
            <source>prompts</source>
            <translation>条提示词</translation>
        </message>
        <message>
            <source>responses</source>
            <translation>条回答</translation>
        </message>
        <message>
            <source>turns</source>
            <translation>轮</translation>
        </message>
        <message>
            <source>versions</source>
            <translation>个版本</translation>
        </message>
        <message>
            <source>β</source>
            <translation>β</translation>
        </message>
        <message>
            <source>environments</source>
            <translation>个环境</translation>
        </message>
        <message>
            <source>benchmarks</source>
            <translation>个基准</translation>
        </message>
        <message>
            <source>samples</source>
            <translation>个样本</translation>
        </message>
    </context>
    <context>
        <name>costlab::Value</name>
        <message>
            <location filename="../model/analysis/value.cpp" line="+153" />
            <source>Loss law: irreducible loss E</source>
            <translation>损失定律：不可约损失 E</translation>
        </message>
        <message>
            <location line="+1" />
            <source>± one standard error (Besiroglu et al. 2024: 0.026 nats)</source>
            <translation>± 一个标准误（Besiroglu 等，2024：0.026 nats）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Score map: midpoint loss</source>
            <translation>得分映射：中点损失</translation>
        </message>
        <message>
            <location line="+1" />
            <source>± 0.02 nats</source>
            <translation>± 0.02 nats</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Score map: slope k</source>
            <translation>得分映射：斜率 k</translation>
        </message>
        <message>
            <location line="+1" />
            <location line="+6" />
            <location line="+2" />
            <source>± 20 %</source>
            <translation>± 20 %</translation>
        </message>
        <message>
            <location line="-7" />
            <source>RL curve: asymptote A</source>
            <translation>RL 曲线：渐近值 A</translation>
        </message>
        <message>
            <location line="+1" />
            <source>± 0.02 (Khatri et al. 2025, A.5: the margin of a fitted A)</source>
            <translation>± 0.02（Khatri 等，2025，A.5：拟合 A 的误差范围）</translation>
        </message>
        <message>
            <location line="+3" />
            <source>RL curve: efficiency B</source>
            <translation>RL 曲线：效率 B</translation>
        </message>
        <message>
            <location line="+2" />
            <source>RL curve: midpoint C_mid</source>
            <translation>RL 曲线：中点 C_mid</translation>
        </message>
        <message>
            <location line="+2" />
            <source>RL start score R0 (typed)</source>
            <translation>RL 起始得分 R0（手工输入）</translation>
        </message>
        <message>
            <location line="+1" />
            <source>± 0.05</source>
            <translation>± 0.05</translation>
        </message>
    </context>
    <context>
        <name>costlab::ValueChart</name>
        <message>
            <location filename="../widgets/charts/valuechart.cpp" line="+37" />
            <source>Cost to reach a score</source>
            <translation>达到某一得分的成本</translation>
        </message>
        <message>
            <location line="+33" />
            <source>Benchmark score (pass rate, 0–1)</source>
            <translation>基准得分（通过率，0–1）</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Plan cost</source>
            <translation>计划成本</translation>
        </message>
        <message>
            <location line="+3" />
            <source>Stopped.</source>
            <translation>已停止。</translation>
        </message>
        <message>
            <location line="+0" />
            <source>The value comparison follows…</source>
            <translation>价值比较随后显示…</translation>
        </message>
        <message>
            <location line="+40" />
            <source>%1: P10–P90</source>
            <comment>plan tag</comment>
            <translation>%1：P10–P90</translation>
        </message>
        <message>
            <location line="+4" />
            <source>%1: cost</source>
            <comment>plan tag</comment>
            <translation>%1：成本</translation>
        </message>
        <message>
            <location line="+28" />
            <source>crossing %1</source>
            <translation>交叉点 %1</translation>
        </message>
        <message>
            <location line="+21" />
            <source>Score %1</source>
            <translation>得分 %1</translation>
        </message>
        <message>
            <location line="+3" />
            <source>not reached</source>
            <translation>无法达到</translation>
        </message>
        <message>
            <location line="+3" />
            <source>%1 (P10 %2, P90 %3)</source>
            <translation>%1（P10 %2，P90 %3）</translation>
        </message>
        <message>
            <location line="+2" />
            <source>%1 %2: %3</source>
            <comment>tag, plan name, cost</comment>
            <translation>%1 %2：%3</translation>
        </message>
    </context>
    <context>
        <name>costlab::ValueSpinBox</name>
        <message>
            <location filename="../widgets/editor/parameditor.cpp" line="-575" />
            <source>“%1” is ambiguous for a time (minutes, months or million?): type the number in %2.</source>
            <translation>“%1”用于时间时有歧义（分钟、月还是百万？）：请以 %2 为单位输入数字。</translation>
        </message>
        <message>
            <location line="+10" />
            <source>“%1” is ambiguous for a size (billion or bytes?): type the number in %2.</source>
            <translation>“%1”用于容量时有歧义（十亿还是字节？）：请以 %2 为单位输入数字。</translation>
        </message>
        <message>
            <location line="+50" />
            <source>%1 is above the maximum, %2.</source>
            <translation>%1 超过最大值 %2。</translation>
        </message>
    </context>
    <context>
        <name>costlab::ValueTornadoChart</name>
        <message>
            <location filename="../widgets/charts/valuechart.cpp" line="+20" />
            <source>What moves the crossing</source>
            <translation>哪些假设会移动交叉点</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Assumption at its low side</source>
            <translation>假设取低值</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Assumption at its high side</source>
            <translation>假设取高值</translation>
        </message>
        <message>
            <location line="+1" />
            <source>Crossing score</source>
            <translation>交叉得分</translation>
        </message>
        <message>
            <location line="+18" />
            <source>The curves do not cross: no crossing to move.</source>
            <translation>两条曲线不相交：没有可移动的交叉点。</translation>
        </message>
        <message>
            <location line="+1" />
            <source>The value comparison follows…</source>
            <translation>价值比较随后显示…</translation>
        </message>
        <message>
            <location line="+59" />
            <source>no crossing</source>
            <translation>无交叉点</translation>
        </message>
        <message>
            <location line="+1" />
            <source>%1 (%2)
Crossing at the low side: %3
at the high side: %4
as planned: %5</source>
            <translation>%1（%2）
低值时交叉点：%3
高值时：%4
按计划：%5</translation>
        </message>
    </context>
    <context>
        <name>costlab::Warning</name>
        <message>
            <location filename="../model/engine/engine.cpp" line="+1772" />
            <source>A phase names an accelerator that is not in the catalog; its cost is zero.</source>
            <translation>某阶段使用的加速卡不在价目表中；其成本为零。</translation>
        </message>
        <message>
            <location line="+9" />
            <source>An accelerator has no price in the plan's catalog (the catalog has no source for one): its GPU time is not costed, so the plan shows no total cost. Enter a price in a copy of the catalog (Library → Catalogs, or costlab-cli --catalog FILE) or choose another catalog.</source>
            <translation>某加速卡在方案的价目表中没有价格（价目表没有可引用的来源）：其GPU 小时未计价，因此方案不显示总成本。请在价目表副本中填入价格（场景库 → 价目表，或 costlab-cli --catalog FILE），或选择其他价目表。</translation>
        </message>
        <message>
            <location line="+15" />
            <source>A phase names an environment instance type that is not in the catalog.</source>
            <translation>某阶段使用的环境实例类型不在价目表中。</translation>
        </message>
        <message>
            <location line="+50" />
            <source>A measured or pinned throughput is above the accelerator's peak; it was capped at MFU 100 %.</source>
            <translation>实测或固定的吞吐高于加速卡峰值；已按 MFU 100 % 截断。</translation>
        </message>
        <message>
            <location line="+4" />
            <source>Failures prevent progress: the checkpoint interval is far above the mean time between failures; wall time is capped at 10,000 times the work.</source>
            <translation>故障使训练无法推进：检查点间隔远大于平均故障间隔时间；墙钟时间按工作量的 10,000 倍截断。</translation>
        </message>
        <message>
            <location filename="../model/engine/estimate.h" line="+105" />
            <source>A phase needs more host (CPU) memory per node than the node has; see the memory chart's host bar.</source>
            <translation>某阶段每节点所需的主机（CPU）内存超过节点内存；见显存图中的主机内存柱。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>A phase spans several nodes of an accelerator whose scale-out network the catalog has no source for; 400 Gb/s per GPU is assumed.</source>
            <translation>某阶段跨越多个节点，而价目表中没有该加速卡横向扩展网络的来源；按每 GPU 400 Gb/s 假设计算。</translation>
        </message>
        <message>
            <location line="+7" />
            <source>The catalog has no price for a tier a phase buys (reserved, on-demand or spot) on its accelerator; another listed tier stands in (on-demand for reserved or spot, reserved for on-demand, spot where it is the only price). Check the GPU price per hour, or enter the tier in a copy of the catalog.</source>
            <translation>价目表中没有某阶段所购加速器计费档位（预留、按需或竞价）的价格；改用另一已列档位（预留或竞价用按需价，按需用预留价，只有竞价价时用竞价价）。请核对每 GPU 小时价格，或在价目表副本中填入该档位。</translation>
        </message>
        <message>
            <location line="+147" />
            <source>A phase's model shape or parallel layout is impossible; the phase is not priced until it is fixed.</source>
            <translation>某阶段的模型结构或并行布局不可行；修正之前该阶段不计价。</translation>
        </message>
        <message>
            <location line="+8" />
            <source>The plan's price catalog is not available; nothing is priced until it is found or another one is chosen.</source>
            <translation>方案的价目表不可用；在找到它或选择另一个价目表之前不会定价。</translation>
        </message>
        <message>
            <location line="+6" />
            <source>The plan would run for more than ten years of wall-clock time; check the GPU count, the tokens and the model size.</source>
            <translation>该方案的墙钟时间将超过十年；请检查 GPU 数量、token 数和模型规模。</translation>
        </message>
    </context>
    <context>
        <name>main</name>
        <message>
            <location filename="../app/gui/main.cpp" line="+59" />
            <source>no catalog found (looked in %1)</source>
            <translation>未找到价目表（查找位置：%1）</translation>
        </message>
    </context>
</TS>
