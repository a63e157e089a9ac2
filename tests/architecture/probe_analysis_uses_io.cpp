// Layering probe: costlab_analysis code including estimate_json.h must not compile
// (tests/architecture).
#include "estimate_json.h"
