// Layering probe: costlab_engine code including scenario_json.h must not compile
// (tests/architecture).
#include "scenario_json.h"
