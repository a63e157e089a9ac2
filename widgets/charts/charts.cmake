# Chart classes (one per chart), all QCustomPlot subclasses over ChartBase.
set(COSTLAB_CHART_SOURCES
  charts/chartpalette.h charts/chartpalette.cpp
  charts/moneyticker.h charts/moneyticker.cpp
  charts/percentticker.h charts/percentticker.cpp
  charts/chartbase.h charts/chartbase.cpp
  charts/costbreakdownchart.h charts/costbreakdownchart.cpp
  charts/tradeoffchart.h charts/tradeoffchart.cpp
  charts/memorychart.h charts/memorychart.cpp
  charts/rlutilisationchart.h charts/rlutilisationchart.cpp
  charts/spendchart.h charts/spendchart.cpp
)
