# Thin wrapper: the README's commands. Everything real lives in CMake.
BUILD ?= build
JOBS  ?= $(shell nproc)
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo

.PHONY: all deps configure build run test bench package clean fuzz

all: build

deps:
	@./installer/install-build-deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)

configure: deps $(BUILD)/CMakeCache.txt

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# Opens the desktop window on the default example (needs a display; falls back to
# the command-line estimate when there is none).
run: build
	@if [ -x $(BUILD)/app/costlab ] && { [ -n "$$DISPLAY" ] || [ -n "$$WAYLAND_DISPLAY" ]; }; then \
	  $(BUILD)/app/costlab; \
	else \
	  $(BUILD)/app/costlab-cli evaluate resources/examples/llama3-8b-pretrain-h100.costlab.json; \
	fi

test: build
	cd $(BUILD) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(JOBS)

bench: build
	$(BUILD)/tests/bench/costlab_bench
	@if [ -x $(BUILD)/tests/bench_gui/costlab_gui_bench ]; then QT_QPA_PLATFORM=offscreen $(BUILD)/tests/bench_gui/costlab_gui_bench; fi
	@if [ -x $(BUILD)/tests/bench_store/costlab_store_bench ]; then $(BUILD)/tests/bench_store/costlab_store_bench; fi
	@# 20 clients saving and listing for 60 s: a team library on a throwaway server, then a file.
	@if [ -x $(BUILD)/tests/bench_store/costlab_team_load ]; then \
	  pg_virtualenv -t -o fsync=on $(BUILD)/tests/bench_store/costlab_team_load postgresql:// 20 60; \
	  rm -f /tmp/costlab-team-load.db*; \
	  $(BUILD)/tests/bench_store/costlab_team_load /tmp/costlab-team-load.db 20 60; \
	  rm -f /tmp/costlab-team-load.db*; fi

# Fuzz the readers and the engine with libFuzzer + ASan/UBSan (clang), FUZZ_SECONDS each
# (default 600); docs/reliability.md. Not part of CI: `make test` replays the corpus.
fuzz: deps
	./tests/fuzz/run-fuzz.sh

# Debian package and relocatable tarball in $(BUILD) (docs/packaging.md).
package: build
	cd $(BUILD) && cpack -G "DEB;TGZ"

# Builds the .deb, checks it, runs it from a scratch root; as root also installs and removes
# it with apt (tests/package/test-package.sh).
.PHONY: test-package
test-package: build
	./tests/package/test-package.sh $(BUILD)

clean:
	rm -rf $(BUILD)
