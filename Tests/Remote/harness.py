"""What the remote scenarios share (k7-browser.py, remote-figures.py): waiting for conditions
(never for fixed times: CI hosts are loaded), processes in sessions of their own that end
together, a free loopback port, a tokens file as bezel-remote wants it."""
import os, signal, socket, subprocess, time

processes = []


def wait_for(what, condition, seconds=180):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError(f"waited {seconds} s for {what}")


def start(command, log, env=None):
    process = subprocess.Popen(command, stdout=open(log, "w"), stderr=subprocess.STDOUT, env=env, start_new_session=True)
    processes.append(process)
    return process


def stop_all():
    """SIGTERM to every process started (and its children), SIGKILL to those still there after 30 s."""
    for process in reversed(processes):
        if process.poll() is not None:
            continue
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_tokens(path, lines):
    """A tokens file of the owner's alone (bezel-remote refuses one others can read)."""
    with open(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
        f.write("".join(line + "\n" for line in lines))


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def show_logs(folder, names, lines=30):
    """The last lines of each log that exists, for a scenario that could not finish."""
    for name in names:
        path = os.path.join(folder, name)
        if os.path.exists(path):
            print(f"--- {name} (last lines)\n" + "\n".join(read(path).splitlines()[-lines:]), flush=True)
