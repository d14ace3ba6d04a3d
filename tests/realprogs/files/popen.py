# subprocess: terminate() and kill() of a running child, wait() and wait(timeout), pipes.
import subprocess
import sys

p = subprocess.Popen(["sleep", "30"])
p.terminate()
print("terminate", p.wait(), flush=True)
p = subprocess.Popen(["sleep", "30"])
p.kill()
print("kill", p.wait(), flush=True)
p = subprocess.Popen(["sleep", "0.2"])
print("wait(timeout)", p.wait(timeout=60), flush=True)
r = subprocess.run(["sh", "-c", "echo out; echo err >&2; exit 3"], capture_output=True)
print("run", r.returncode, r.stdout, r.stderr)
r = subprocess.run(["tr", "a-z", "A-Z"], input=b"piped through tr\n", capture_output=True)
print("input", r.returncode, r.stdout)
try:
    subprocess.run(["sleep", "30"], timeout=0.5)
except subprocess.TimeoutExpired:
    print("TimeoutExpired")
sys.exit(0)
