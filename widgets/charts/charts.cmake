# Chart classes (one per chart).
set(COSTLAB_CHART_SOURCES)
