#!/usr/bin/env python3
"""The peer of TypingBench: PyPI phonenumbers' AsYouTypeFormatter over the same numbers, each
keystroke timed apart (time.perf_counter_ns). Prints: name, keystrokes, p50 ns, p99 ns.

    typing_peer.py PATH-TO-AsYouTypeExamples.tsv [ROUNDS]
"""
import sys
import time

from phonenumbers import AsYouTypeFormatter


def main():
    path, rounds = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5
    numbers = [line.split("\t")[:3] for line in open(path, encoding="utf-8") if not line.startswith("#")]
    samples = []
    clock = time.perf_counter_ns
    for _ in range(rounds):
        for region, _kind, typed in numbers:
            formatter = AsYouTypeFormatter(region)
            for character in typed:
                start = clock()
                formatter.input_digit(character)
                samples.append(clock() - start)
    samples.sort()
    def at(fraction):
        return samples[min(len(samples) - 1, int(len(samples) * fraction))]
    print(f"keystroke (phonenumbers AsYouTypeFormatter)\t{len(samples)}\t{at(0.5)}\t{at(0.99)}")


if __name__ == "__main__":
    main()
