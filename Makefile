# Sinew: `make run` simulates a bundled model, `make test` runs the whole suite
# (release build, then again under AddressSanitizer + UBSan).
BUILD      ?= build
BUILD_ASAN ?= build-asan
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all setup build run test test-release test-asan bench clean

all: build

setup:
	@sh tools/setup.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: setup $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

run: build
	./$(BUILD)/sinew run models/humanoid.xml --steps 2000

test: test-release test-asan

test-release: build
	ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

test-asan: setup
	cmake -S . -B $(BUILD_ASAN) -DCMAKE_BUILD_TYPE=Debug -DSINEW_SANITIZE=ON
	cmake --build $(BUILD_ASAN) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir $(BUILD_ASAN) --output-on-failure -j $(JOBS) -LE slow

bench: build
	cmake --build $(BUILD) --target bench && ./$(BUILD)/bench/sinew-bench
	if [ -x ./$(BUILD)/bench/sinew-bench-collision ]; then ./$(BUILD)/bench/sinew-bench-collision; fi

clean:
	rm -rf $(BUILD) $(BUILD_ASAN)
