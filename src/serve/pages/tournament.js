// The tournament organiser's window: open a pairing file, show one round, save exactly that round.
// While a file is solved the window says so and only Cancel works; Cancel abandons the request,
// and the server stops a solve whose client went away.
"use strict";

const round = document.getElementById("round");
const save = document.getElementById("save");
const saveLink = document.getElementById("save-link");
const time = document.getElementById("time");
const shown = document.getElementById("file");
const busy = document.getElementById("busy");
const cancel = document.getElementById("cancel");
// The controls a solve disables.
const controls = ["open", "solver", "timeout"].map((id) => document.getElementById(id));

// The request under way, to cancel.
let solving = null;

// Shows the busy state while `file` is solved with `solver`, or ends it. The busy line names the
// file being solved, in the place of the file shown.
function setBusy(file, solver) {
  const on = file !== null;
  busy.hidden = !on;
  shown.hidden = on;
  busy.textContent = on ? `solving ${file.name} with ${solver}...` : "";
  cancel.hidden = !on;
  for (const control of controls) control.disabled = on;
  document.getElementById("open-label").classList.toggle("disabled", on);
  save.disabled = on || round.value === "";
}

// The message for a solve stopped at the time limit; backtrack is the slowest solver.
function timeoutMessage(name, solver, timeout) {
  const message = `${name}: no round was found within the time limit of ${timeout} s.`;
  if (solver !== "backtrack") return `${message} Try a longer time limit.`;
  return `${message} backtrack tries the pairings one by one; dlx, sat or portfolio solve large files `
    + "much faster: choose one of them and open the file again.";
}

// Solves the chosen file; only a round changes the window, and only no round clears it.
document.getElementById("open").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file || solving) return;
  const solver = document.getElementById("solver").value;
  const timeout = document.getElementById("timeout").value;
  const query = new URLSearchParams({ solver, timeout, name: file.name });
  solving = new AbortController();
  setBusy(file, solver);
  let answer;
  try {
    const body = await file.arrayBuffer();
    answer = await api(`/api/solve/tournament?${query}`, { method: "POST", body, signal: solving.signal });
  } catch (error) {
    const cancelled = solving.signal.aborted;
    solving = null;
    setBusy(null);
    if (cancelled) Object.assign(busy, { hidden: false, textContent: `${file.name}: cancelled` });
    else showMessage(`${file.name}: ${error}`);
    return;
  }
  solving = null;
  const record = answer.body;
  if (record.status === "solved") {
    round.value = record.output;
    offerDownload(saveLink, "round.txt", record.output);
    shown.textContent = `round of ${file.name}`;
    time.textContent = `${record.solver}: ${duration(record.ms)}`;
  } else if (record.status === "no_solution") {
    round.value = "";
    shown.textContent = `${file.name}: no round`;
    time.textContent = `${record.solver}: ${duration(record.ms)}`;
  }
  setBusy(null);
  if (record.status === "no_solution") {
    showMessage(record.output.trimEnd());
  } else if (record.status === "timeout") {
    showMessage(timeoutMessage(file.name, solver, timeout));
  } else if (record.status !== "solved") {
    showMessage(`${file.name}: ${messageOf(record)}`);
  }
});

// Abandons the solve under way: the connection closes and the server stops it.
cancel.addEventListener("click", () => solving && solving.abort());

// Saves exactly the round shown, as round.txt.
save.addEventListener("click", () => saveLink.click());
