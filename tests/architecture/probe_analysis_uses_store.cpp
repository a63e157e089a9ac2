// Layering probe: costlab_analysis code including store.h must not compile (tests/architecture).
#include "store.h"
