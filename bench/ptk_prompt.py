#!/usr/bin/env python3
"""The prompt_toolkit peer for bench/pty_bench.py: one prompt, then print the line."""
from prompt_toolkit import prompt

print(prompt("> "))
