// The tournament organiser's window: open a pairing file, show one round, save exactly that round.
// Then the alternatives: the number of rounds, the next round in the order of `tournament --all`,
// and pairings pinned by clicking them (fixed, then forbidden, then free), the round re-solved with
// the pins as `--fix` and `--forbid` solve it. Choosing another solver solves the open file again
// with it. The pairings marked as played are always those of the round in the box, read from it,
// whichever solver or list found it. While a request runs the window says so and only Cancel works;
// Cancel abandons the request, and the server stops a solve whose client went away. Nothing moves
// while a request runs: Cancel and the alternatives keep their places when hidden.
"use strict";

const round = document.getElementById("round");
const save = document.getElementById("save");
const saveLink = document.getElementById("save-link");
const time = document.getElementById("time");
const shown = document.getElementById("file");
const busy = document.getElementById("busy");
const cancel = document.getElementById("cancel");
// The controls a solve disables.
const controls = ["open", "solver", "timeout", "next", "clear-pins"].map((id) => document.getElementById(id));
const alternatives = document.getElementById("alternatives");
const count = document.getElementById("count");
const place = document.getElementById("place");
const next = document.getElementById("next");
const clearPins = document.getElementById("clear-pins");
const pairings = document.getElementById("pairings");
const solverChoice = document.getElementById("solver");
const pinHint = document.getElementById("pin-hint");

// The file the alternatives are of: its name and bytes; null before one is opened.
let opened = null;
// The pins, `T:A-B` to "fix" or "forbid", in the order they were set.
const pins = new Map();
// The place of the round shown in the order of `--all` (null: the chosen solver's round), and the
// number of rounds (a BigInt; null when not counted within the time limit).
let index = null;
let total = null;

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
  for (const button of pairings.querySelectorAll("button")) button.disabled = on;
  document.getElementById("open-label").classList.toggle("disabled", on);
  save.disabled = on || round.value === "";
  if (!on) {
    next.disabled = opened === null || (total !== null && BigInt((index ?? -1) + 1) >= total);
    clearPins.disabled = pins.size === 0;
  }
}

// The message for a solve stopped at the time limit; backtrack is the slowest solver.
function timeoutMessage(name, solver, timeout) {
  const message = `${name}: no round was found within the time limit of ${timeout} s.`;
  if (solver !== "backtrack") return `${message} Try a longer time limit.`;
  return `${message} backtrack tries the pairings one by one; dlx, dlx-restarts or portfolio solve large files `
    + "much faster: choose one of them and open the file again.";
}

// Shows `text` as the round in the box, the box as tall as the round (within the page's limit).
function showRound(text) {
  round.value = text;
  round.rows = Math.min(Math.max(text.split("\n").length, 3), 40);
}

// Solves the chosen file; only a round changes the window, and only no round clears it.
document.getElementById("open").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file || solving) return;
  await solveFile(file.name, () => file.arrayBuffer());
});

// Another solver solves the open file again: its round, the pins cleared.
solverChoice.addEventListener("change", () => {
  if (opened && !solving) solveFile(opened.name, async () => opened.body);
});

// Solves the file called `name`, whose bytes `read` gives, with the chosen solver.
async function solveFile(name, read) {
  const file = { name };
  const solver = solverChoice.value;
  const timeout = document.getElementById("timeout").value;
  const query = new URLSearchParams({ solver, timeout, name: file.name });
  solving = new AbortController();
  setBusy(file, solver);
  let answer;
  let body;
  try {
    body = await read();
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
  if (record.status === "solved" || record.status === "no_solution") {
    // A file without a round has no alternatives: no pin can make one.
    opened = record.status === "solved" ? { name: file.name, body } : null;
    pins.clear();
    index = null;
    alternatives.hidden = opened === null;
    pinHint.hidden = opened === null;
    if (opened === null) pairings.replaceChildren();
    round.placeholder = "";
  }
  if (record.status === "solved") {
    showRound(record.output);
    offerDownload(saveLink, "round.txt", record.output);
    shown.textContent = `round of ${file.name}`;
    time.textContent = `${record.solver}: ${duration(record.ms)}`;
  } else if (record.status === "no_solution") {
    showRound("");
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
  if (record.status === "solved") await showAlternatives(null);
}

// The triples `[first, second, table]` of a round as printed (`Table T: A vs. B` lines), as strings of
// digits like the server's: numbers past 2^53 stay exact.
function printedPairings(text) {
  return [...text.matchAll(/^Table (\d+): (\d+) vs\. (\d+)$/gm)].map((m) => [m[2], m[3], m[1]]);
}

// Orders two numbers written in decimal digits without leading zeros (as the server writes them).
function byNumber(a, b) {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

// The pin of a pairing `[first, second, table]`, as `--fix` takes it.
function pinOf([first, second, table]) {
  return `${table}:${first}-${second}`;
}

// Asks for the alternatives of the opened file with the pins: the count, and the round at `at` in
// the order of `--all` (`null`: keep the round shown, the chosen solver's). A refused pin (the
// command line's message) or a time-out shows its message and changes nothing; the caller undoes
// the pin.
async function showAlternatives(at) {
  const fix = [...pins].filter(([, kind]) => kind === "fix").map(([pin]) => pin);
  const forbid = [...pins].filter(([, kind]) => kind === "forbid").map(([pin]) => pin);
  const query = new URLSearchParams({
    index: at ?? 0, fix: fix.join(","), forbid: forbid.join(","),
    timeout: document.getElementById("timeout").value, name: opened.name,
  });
  solving = new AbortController();
  setBusy({ name: opened.name }, "the rounds");
  busy.textContent = `counting the rounds of ${opened.name}...`;
  let answer;
  try {
    answer = await api(`/api/tournament/rounds?${query}`, { method: "POST", body: opened.body, signal: solving.signal });
  } catch (error) {
    const cancelled = solving.signal.aborted;
    solving = null;
    setBusy(null);
    if (cancelled) Object.assign(busy, { hidden: false, textContent: `${opened.name}: cancelled` });
    else showMessage(`${opened.name}: ${error}`);
    return false;
  }
  solving = null;
  const rounds = answer.body;
  if (answer.status !== 200) {
    setBusy(null);
    showMessage(messageOf(rounds));
    return false;
  }
  total = rounds.rounds === null ? null : BigInt(rounds.rounds);
  count.textContent = total === null
    ? "rounds: more than could be counted within the time limit"
    : `${rounds.rounds} round${total === 1n ? "" : "s"}${pins.size ? " with the pins" : ""}`;
  if (at !== null) {
    index = at;
    showRound(rounds.round ? rounds.output : "");
    if (rounds.round) offerDownload(saveLink, "round.txt", rounds.output);
    shown.textContent = rounds.round ? `round ${at + 1} of ${opened.name}` : `${opened.name}: no round with the pins`;
    time.textContent = `rounds: ${duration(rounds.ms)}`;
  }
  place.textContent = index === null ? "the solver's round" : `round ${index + 1} in the order of --all`;
  // The round in the box, whichever solver or list found it.
  drawPairings(rounds.pairings, printedPairings(round.value));
  alternatives.hidden = false;
  pinHint.hidden = false;
  setBusy(null);
  return true;
}

// Lists the file's pairings table by table, one button each, marking those of the round shown and
// the pins. The numbers are the server's strings of digits, shown as they are.
function drawPairings(all, played) {
  const inRound = new Set(played.map(pinOf));
  const byTable = new Map();
  for (const pairing of all) {
    const pin = pinOf(pairing);
    if (!byTable.has(pairing[2])) byTable.set(pairing[2], new Map());
    byTable.get(pairing[2]).set(pin, pairing);
  }
  pairings.replaceChildren(...[...byTable].sort(([a], [b]) => byNumber(a, b)).map(([table, row]) => {
    const line = document.createElement("div");
    line.className = "table-row";
    const label = document.createElement("span");
    label.textContent = `Table ${table}:`;
    line.append(label);
    for (const [pin, [first, second]] of row) {
      const button = document.createElement("button");
      button.textContent = `${first} vs. ${second}`;
      button.dataset.pin = pin;
      button.className = { fix: "fixed", forbid: "forbidden" }[pins.get(pin)] ?? (inRound.has(pin) ? "played" : "");
      button.title = { fixed: "fixed: in every round", forbidden: "forbidden: in no round" }[button.className] ?? "free";
      button.addEventListener("click", () => cyclePin(pin));
      line.append(button);
    }
    return line;
  }));
}

// Free, fixed, forbidden, free again: the round re-solved with the pin; a refused pin is undone.
async function cyclePin(pin) {
  if (solving) return;
  const before = pins.get(pin);
  const after = before === undefined ? "fix" : before === "fix" ? "forbid" : undefined;
  if (after) pins.set(pin, after); else pins.delete(pin);
  if (!(await showAlternatives(0))) {
    if (before) pins.set(pin, before); else pins.delete(pin);
    setBusy(null);
  }
}

// The next round in the order of `--all`, with the pins; from the solver's round, the first round of
// `--all` that is not the one shown.
next.addEventListener("click", async () => {
  if (!opened || solving) return;
  if (index !== null) return showAlternatives(index + 1);
  const before = round.value;
  if ((await showAlternatives(0)) && round.value === before && (total === null || total > 1n)) await showAlternatives(1);
});

// Frees every pairing and shows the first round again.
clearPins.addEventListener("click", () => {
  if (!opened || solving) return;
  pins.clear();
  showAlternatives(0);
});

// Abandons the solve under way: the connection closes and the server stops it.
cancel.addEventListener("click", () => solving && solving.abort());

// Saves exactly the round shown, as round.txt.
save.addEventListener("click", () => saveLink.click());
