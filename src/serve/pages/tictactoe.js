// The replay of an ultimate tic-tac-toe game: the board move by move from the server's turns (the
// crate's Replay), and the output of the command line. A game opens before its first move; the
// output box shows what the moves shown printed, and the verdict, attention and whole output, which
// the whole game decides, show after its last. The board numbers its rows and columns as the moves
// name cells, `(row, column)` from 0, and marks the last move: the cell it filled, or the cell it
// asked for when it was refused.
"use strict";

let game = { n: 0, turns: [] };
// The whole output, and its verdict and attention lines.
let ending = { output: "", verdict: "", attention: "" };
const step = document.getElementById("step");

// The CSS class of a player's symbol.
const symbolClass = (player) => (player === "X" ? "X" : "O");

// Opens a game: its turns for the slider and its output, both from the server.
document.getElementById("open").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file) return;
  const bytes = await file.arrayBuffer();
  const [turns, solved] = await Promise.all([
    api("/api/tictactoe/turns", { method: "POST", body: bytes }),
    api(`/api/solve/tictactoe?name=${encodeURIComponent(file.name)}`, { method: "POST", body: bytes }),
  ]);
  if (solved.status !== 200) {
    showMessage(`${file.name}: ${messageOf(solved.body)}`);
    return;
  }
  document.getElementById("file").textContent = `${file.name}: ${duration(solved.body.ms)}`;
  const output = solved.body.output;
  offerDownload(document.getElementById("save-link"), file.name.replace(/\.in$/, "") + ".out", output);
  document.getElementById("save").disabled = false;
  const lines = output.trimEnd().split("\n");
  ending = { output, verdict: lines[lines.length - 3], attention: `attention: ${lines.slice(-2).join(", ")}` };
  if (turns.status === 200) {
    game = turns.body;
    document.getElementById("note").textContent = "";
  } else {
    game = { n: 0, turns: [] };
    document.getElementById("note").textContent = messageOf(turns.body);
  }
  drawEmpty();
  step.max = game.turns.length;
  show(0);
});

// The board's cell at `(row, column)`, or null off the board.
function cellAt(row, column) {
  const side = game.n * game.n;
  if (!(row >= 0 && row < side && column >= 0 && column < side)) return null;
  return document.getElementById("board").tBodies[0].rows[row].cells[column + 1];
}

// A header cell showing `text`.
function header(text, scope) {
  return Object.assign(document.createElement("th"), { textContent: text, scope });
}

// Draws the n²×n² board, its column numbers above and its row numbers on the left, and the n×n
// macroboard, empty, with miniboard borders.
function drawEmpty() {
  const n = game.n;
  const side = n * n;
  const board = document.getElementById("board");
  board.innerHTML = "";
  const numbers = board.createTHead().insertRow();
  numbers.append(header("", "col"));
  for (let column = 0; column < side; column++) numbers.append(header(String(column), "col"));
  const body = board.createTBody();
  for (let row = 0; row < side; row++) {
    const tr = body.insertRow();
    tr.append(header(String(row), "row"));
    for (let column = 0; column < side; column++) {
      const td = tr.insertCell();
      if (column % n === 0) td.classList.add("left");
      if (row % n === 0) td.classList.add("top");
      if (column === side - 1) td.classList.add("right");
      if (row === side - 1) td.classList.add("bottom");
    }
  }
  const macro = document.getElementById("macroboard");
  macro.innerHTML = "";
  for (let row = 0; row < n; row++) {
    const tr = macro.insertRow();
    for (let column = 0; column < n; column++) tr.insertCell().textContent = "-";
  }
}

// Shows the game after its first `count` moves.
function show(count) {
  const n = game.n;
  const board = document.getElementById("board");
  const macro = document.getElementById("macroboard");
  for (const td of board.querySelectorAll("td")) {
    td.textContent = "";
    td.classList.remove("X", "O", "last", "refused", "won-X", "won-O");
  }
  for (const td of macro.querySelectorAll("td")) {
    td.textContent = "-";
    td.classList.remove("X", "O");
  }
  const owners = new Map();
  game.turns.slice(0, count).forEach((turn, index) => {
    if (turn.cell) {
      const td = cellAt(turn.cell[0], turn.cell[1]);
      td.textContent = turn.player;
      td.classList.add(symbolClass(turn.player));
      if (index === count - 1) td.classList.add("last");
    } else if (index === count - 1) {
      // A refused move: the cell it asked for, when that is on the board.
      const asked = cellAt(turn.asked[0], turn.asked[1]);
      if (asked) asked.classList.add("refused");
    }
    if (turn.won !== null) owners.set(turn.won, turn.player);
  });
  for (const [miniboard, player] of owners) {
    const td = macro.rows[Math.floor(miniboard / n)].cells[miniboard % n];
    td.textContent = player;
    td.classList.add(symbolClass(player));
    const top = Math.floor(miniboard / n) * n;
    const left = (miniboard % n) * n;
    for (let row = top; row < top + n; row++) {
      for (let column = left; column < left + n; column++) cellAt(row, column).classList.add(`won-${symbolClass(player)}`);
    }
  }
  step.value = count;
  document.getElementById("position").textContent = `move ${count} of ${game.turns.length}`;
  document.getElementById("move").textContent = count === 0 ? "before the first move" : describe(game.turns[count - 1]);
  const end = count === game.turns.length;
  document.getElementById("verdict").textContent = end ? ending.verdict : "";
  document.getElementById("attention").textContent = end ? ending.attention : "";
  const printed = game.turns.slice(0, count).map((turn) => turn.messages).join("");
  document.getElementById("output").textContent = end ? ending.output : printed;
}

// One move in words, with the messages it printed.
function describe(turn) {
  const asked = `${turn.player} asks for (${turn.asked[0]}, ${turn.asked[1]})`;
  const where = turn.cell ? `: ${turn.player} at (${turn.cell[0]}, ${turn.cell[1]})` : "";
  const messages = turn.messages.trim().replace(/\n/g, ", ");
  return `${asked}${where}${messages ? ` \u2014 ${messages}` : ""}`;
}

step.addEventListener("input", () => show(Number(step.value)));
document.getElementById("first").addEventListener("click", () => show(0));
document.getElementById("prev").addEventListener("click", () => show(Math.max(0, Number(step.value) - 1)));
document.getElementById("next").addEventListener("click", () => show(Math.min(game.turns.length, Number(step.value) + 1)));
document.getElementById("last").addEventListener("click", () => show(game.turns.length));
document.getElementById("save").addEventListener("click", () => document.getElementById("save-link").click());
