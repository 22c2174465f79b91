// Scrabble: a position file or a solitaire game; plays checked and scored, the best plays listed,
// each highlighted on the board when chosen. Squares are numbered 0..224 in reading order; a play
// starts at (x, y) with (0, 0) the centre, x to the right and y upwards.
"use strict";

const $ = (id) => document.getElementById(id);
const SIDE = 15;
const RADIUS = 7;

// What is open: a position (a function giving the form of its files), or a solitaire game's seed,
// rules and valid plays.
let position = null;
let solitaire = null;
let table = null;

const xOf = (square) => (square % SIDE) - RADIUS;
const yOf = (square) => RADIUS - Math.floor(square / SIDE);

// Draws the board, the rack, the play checked and the best plays.
function draw(view) {
  table = view;
  const board = $("board");
  board.innerHTML = "";
  // Under the standard rules, the coordinates players use: columns A-O, rows 1-15.
  const standard = view.rules === "standard";
  const columnName = (column) => String.fromCharCode(65 + column);
  const header = (text) => Object.assign(document.createElement("th"), { textContent: text });
  if (standard) {
    const head = board.createTHead().insertRow();
    head.append(header(""));
    for (let column = 0; column < SIDE; column++) head.append(header(columnName(column)));
  }
  const body = board.createTBody();
  for (let row = 0; row < SIDE; row++) {
    const tr = body.insertRow();
    if (standard) tr.append(header(row + 1));
    for (let column = 0; column < SIDE; column++) {
      const square = row * SIDE + column;
      const td = tr.insertCell();
      td.dataset.square = square;
      const tile = view.board[square];
      if (tile) {
        td.textContent = tile;
        td.classList.add("tile");
        if (tile !== tile.toUpperCase()) td.classList.add("blank");
      } else if (view.premiums[square]) {
        td.classList.add(view.premiums[square]);
        td.textContent = view.premiums[square];
      }
      td.title = standard ? `${columnName(column)}${row + 1} (${xOf(square)} ${yOf(square)})` : `${xOf(square)} ${yOf(square)}`;
      td.addEventListener("click", () => chooseSquare(square));
    }
  }
  const rack = $("rack");
  rack.innerHTML = "";
  for (const [tile, value] of view.rack) {
    const span = document.createElement("span");
    span.textContent = tile;
    const sub = document.createElement("sub");
    sub.textContent = value;
    span.append(sub);
    rack.append(span);
  }
  const result = $("result");
  result.className = "";
  if (view.check) {
    if (view.check.score !== null) {
      result.textContent = `play ${view.check.play}: ${view.check.score} (${view.check.words.join(", ")})`;
      result.classList.add("good");
      highlight(view.check.squares);
    } else {
      result.textContent = `play ${view.check.play}: rejected: ${view.check.rejected}\n${view.check.hint}`;
      result.classList.add("error");
    }
  } else {
    result.textContent = "";
  }
  const hints = $("hints");
  hints.innerHTML = "";
  view.hints.forEach((hint, index) => {
    const item = document.createElement("li");
    item.textContent = hint.text;
    item.id = `hint-${index}`;
    item.addEventListener("click", () => chooseHint(item, hint));
    hints.append(item);
  });
  if (view.hints.length === 0) hints.innerHTML = "<li>no valid play</li>";
}

// The board's cell of square `square`.
const cellOf = (square) => $("board").querySelector(`td[data-square="${square}"]`);

// Outlines the squares `squares`, and only them.
function highlight(squares) {
  for (const td of $("board").querySelectorAll("td.highlight")) td.classList.remove("highlight");
  for (const square of squares) cellOf(square).classList.add("highlight");
}

// A best play chosen: its tiles highlighted, the play form filled with it.
function chooseHint(item, hint) {
  for (const other of $("hints").querySelectorAll("li.selected")) other.classList.remove("selected");
  item.classList.add("selected");
  highlight(hint.squares);
  if (hint.play === null) return; // an exchange: nothing to place
  const [letters, x, y, direction] = hint.play.split(" ");
  $("letters").value = letters;
  $("x").value = x;
  $("y").value = y;
  $("direction").value = direction;
}

// A square clicked: the play starts there; a second click turns the direction.
function chooseSquare(square) {
  const same = Number($("x").value) === xOf(square) && Number($("y").value) === yOf(square) && $("x").value !== "";
  if (same) {
    $("direction").value = $("direction").value === "horizontal" ? "vertical" : "horizontal";
  }
  $("x").value = xOf(square);
  $("y").value = yOf(square);
  for (const td of $("board").querySelectorAll("td.chosen")) td.classList.remove("chosen");
  cellOf(square).classList.add("chosen");
  $("letters").focus();
}

// The play in the form, as the command line writes it.
function typedPlay() {
  const letters = $("letters").value.trim();
  // A play typed in the standard notation (8H WORD across, H8 WORD down) goes as it is.
  if (/\s/.test(letters)) return letters;
  return `${letters} ${$("x").value} ${$("y").value} ${$("direction").value}`;
}

// Opens a position file, with the word list and tile file it names when chosen beside it: its
// board, rack and best plays, the report of the command line (a batch of those files), and which
// dictionary and tiles answered.
$("open").addEventListener("change", async (event) => {
  const files = [...event.target.files];
  event.target.value = "";
  if (files.length === 0) return;
  const file = files.find((chosen) => chosen.name.toLowerCase().endsWith(".scrabble"));
  if (!file) return showMessage(`${files.map((chosen) => chosen.name).join(", ")}: no .scrabble file among them`);
  const form = () => {
    const form = new FormData();
    for (const chosen of files) form.append("file", chosen, chosen.name);
    return form;
  };
  const [view, solved] = await Promise.all([
    api("/api/scrabble/position", { method: "POST", body: form() }),
    api("/api/batch", { method: "POST", body: form() }),
  ]);
  if (view.status !== 200) {
    showMessage(`${file.name}: ${messageOf(view.body)}`);
    return;
  }
  position = form;
  solitaire = null;
  $("title").textContent = `${file.name} (${view.body.rules} rules)`;
  $("sources").textContent = [view.body.dictionary && `dictionary: ${view.body.dictionary}`, view.body.tiles && `tiles: ${view.body.tiles}`].filter(Boolean).join("; ");
  $("score").textContent = "";
  $("output").hidden = false;
  const record = solved.status === 200 ? solved.body.records[0] : solved.body;
  $("output").textContent = record.output || messageOf(record);
  draw(view.body);
});

// Starts a solitaire game dealt by a fresh seed.
$("new-game").addEventListener("click", async () => {
  solitaire = { seed: crypto.getRandomValues(new Uint32Array(1))[0], rules: $("rules").value, plays: [] };
  position = null;
  $("sources").textContent = "";
  $("output").hidden = true;
  $("title").textContent = `solitaire, ${solitaire.rules} rules, seed ${solitaire.seed}`;
  await playSolitaire(null);
});

// Sends the game so far and `play` (or none); a valid play becomes part of the game.
async function playSolitaire(play) {
  const answer = await postJson("/api/scrabble/solitaire", { ...solitaire, play });
  if (answer.status !== 200) return showMessage(messageOf(answer.body));
  const view = answer.body;
  if (view.accepted) solitaire.plays.push(play);
  $("score").textContent = `score ${view.score}, ${view.pool} tiles left to draw${view.over ? ": the rack and the pool are empty" : ""}`;
  draw(view);
}

// Checks the play in the form on the open position or game.
$("play-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const play = typedPlay();
  if (solitaire) return playSolitaire(play);
  if (position === null) return showMessage("Open a position or start a game first.");
  const answer = await api(`/api/scrabble/position?${new URLSearchParams({ play })}`, { method: "POST", body: position() });
  if (answer.status !== 200) return showMessage(messageOf(answer.body));
  draw(answer.body);
});
