// Scrabble: a position file or a solitaire game; plays checked and scored, the best plays listed,
// each highlighted on the board when chosen. Or a recorded game (GCG) stepped through turn by turn,
// each turn's board, scores, rack and move beside its analysis. Squares are numbered 0..224 in reading order. One
// notation per rules everywhere on the page: under the lab rules a play is `LETTERS x y direction`
// with (0, 0) the centre, x to the right and y upwards, and the board shows x and y; under the
// standard rules a play is `8H WORD` (across) or `H8 WORD` (down), and the board shows A-O and 1-15.
"use strict";

const $ = (id) => document.getElementById(id);
const SIDE = 15;
const RADIUS = 7;
const CENTRE = RADIUS * SIDE + RADIUS;

// What is open: a position (the files chosen and the rules asked for), or a solitaire game's seed,
// rules and turns.
let position = null;
let solitaire = null;
// A recorded game open: its analysis from the server and the turn shown (an index into its turns).
let game = null;
let table = null;
// The square clicked to start a play, and the direction it goes.
let chosen = null;

const xOf = (square) => (square % SIDE) - RADIUS;
const yOf = (square) => RADIUS - Math.floor(square / SIDE);
const columnName = (column) => String.fromCharCode(65 + column);
const standard = () => table !== null && table.rules === "standard";

// The name of a square in the standard notation: `8H` across (row first), `H8` down.
function squareName(square, direction) {
  const row = Math.floor(square / SIDE) + 1;
  const column = columnName(square % SIDE);
  return direction === "horizontal" ? `${row}${column}` : `${column}${row}`;
}

// Draws the board with the rules' coordinates and the centre mark, the rack, the play checked and
// the best plays, and sets the play form to the rules' notation.
function draw(view) {
  table = view;
  const board = $("board");
  board.innerHTML = "";
  const header = (text) => Object.assign(document.createElement("th"), { textContent: text });
  const head = board.createTHead().insertRow();
  head.append(header(""));
  for (let column = 0; column < SIDE; column++) head.append(header(standard() ? columnName(column) : column - RADIUS));
  const body = board.createTBody();
  for (let row = 0; row < SIDE; row++) {
    const tr = body.insertRow();
    tr.append(header(standard() ? row + 1 : RADIUS - row));
    for (let column = 0; column < SIDE; column++) {
      const square = row * SIDE + column;
      const td = tr.insertCell();
      td.dataset.square = square;
      const tile = view.board[square];
      if (square === CENTRE) td.classList.add("centre");
      if (tile) {
        td.textContent = tile;
        td.classList.add("tile");
        if (tile !== tile.toUpperCase()) td.classList.add("blank");
      } else if (square === CENTRE) {
        if (view.premiums[square]) td.classList.add(view.premiums[square]);
        td.textContent = "\u2605";
      } else if (view.premiums[square]) {
        td.classList.add(view.premiums[square]);
        td.textContent = view.premiums[square];
      }
      td.title = standard() ? `${columnName(column)}${row + 1}` : `x ${xOf(square)}, y ${yOf(square)}`;
      td.addEventListener("click", () => chooseSquare(square));
    }
  }
  $("board-note").textContent = standard()
    ? "Click a square to start a play there (8H across); click it again to play down (H8). \u2605 is the centre, H8."
    : "Click a square to start a play there; click it again to turn the direction. \u2605 is the centre, x 0, y 0.";
  $("lab-fields").hidden = standard();
  // The box is as wide as its placeholder, so that the whole example shows.
  $("letters").placeholder = standard() ? "8H WORD, H8 WORD, pass, exchange LETTERS" : "letters";
  $("letters").size = Math.max(28, $("letters").placeholder.length + 2);
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
  result.textContent = "";
  if (view.check) {
    if (view.check.score !== null) {
      result.textContent = `play ${view.check.play}: ${view.check.score} (${view.check.words.join(", ")})`;
      result.classList.add("good");
      highlight(view.check.squares);
    } else {
      result.textContent = `play ${view.check.play}: rejected: ${view.check.rejected}\n${view.check.hint}`;
      result.classList.add("error");
    }
  }
  // A game over has no play left to suggest.
  const hints = $("hints");
  hints.innerHTML = "";
  if (view.over) return;
  view.hints.forEach((hint, index) => {
    const item = document.createElement("li");
    item.textContent = hint.text;
    item.id = `hint-${index}`;
    item.addEventListener("click", () => chooseHint(item, hint));
    hints.append(item);
  });
  if (view.hints.length === 0) hints.innerHTML = "<li>no valid play</li>";
}

// Empties the play form, the square chosen and the play's result.
function clearForm() {
  $("letters").value = "";
  $("x").value = "";
  $("y").value = "";
  $("direction").value = "horizontal";
  chosen = null;
  $("result").textContent = "";
  $("result").className = "";
}

// A play refused before it could be checked (not a play, or a turn the game does not take): the
// play shown before it goes, its result, highlight and chosen hint, and only the refusal shows.
function refuse(text) {
  highlight([]);
  for (const item of $("hints").querySelectorAll("li.selected")) item.classList.remove("selected");
  $("result").textContent = text;
  $("result").className = "error";
}

// The board's cell of square `square`.
const cellOf = (square) => $("board").querySelector(`td[data-square="${square}"]`);

// Outlines the squares `squares`, and only them.
function highlight(squares) {
  for (const td of $("board").querySelectorAll("td.highlight")) td.classList.remove("highlight");
  for (const square of squares) cellOf(square).classList.add("highlight");
}

// Marks the square chosen to start a play.
function markChosen() {
  for (const td of $("board").querySelectorAll("td.chosen")) td.classList.remove("chosen");
  if (chosen) cellOf(chosen.square).classList.add("chosen");
}

// A best play chosen: its tiles highlighted, the play form filled with it as the rules write it.
// An exchange fills the form only in a game, where it is a turn.
function chooseHint(item, hint) {
  for (const other of $("hints").querySelectorAll("li.selected")) other.classList.remove("selected");
  item.classList.add("selected");
  clearForm();
  markChosen();
  highlight(hint.squares);
  if (hint.play === null && !solitaire) return;
  if (standard()) {
    $("letters").value = hint.typed;
    return;
  }
  const [letters, x, y, direction] = hint.typed.split(" ");
  $("letters").value = letters;
  $("x").value = x;
  $("y").value = y;
  $("direction").value = direction;
}

// A square clicked: the play starts there; a second click turns the direction.
function chooseSquare(square) {
  const direction = chosen && chosen.square === square && chosen.direction === "horizontal" ? "vertical" : "horizontal";
  chosen = { square, direction };
  markChosen();
  if (standard()) {
    // The coordinate replaces one typed before; the word typed stays.
    const word = $("letters").value.trim().replace(/^([A-O]\d{1,2}|\d{1,2}[A-O])(\s+|$)/i, "");
    $("letters").value = `${squareName(square, direction)} ${word}`;
  } else {
    $("x").value = xOf(square);
    $("y").value = yOf(square);
    $("direction").value = direction;
  }
  $("letters").focus();
}

// The play in the form, as the command line takes it.
function typedPlay() {
  const letters = $("letters").value.trim();
  if (standard()) return letters;
  return `${letters} ${$("x").value} ${$("y").value} ${$("direction").value}`;
}

// A form of the files chosen, for a position request.
function formOf(files) {
  const form = new FormData();
  for (const chosen of files) form.append("file", chosen, chosen.name);
  return form;
}

// Opens the position among `files`, with the word list and tile file it names when chosen beside
// it, under the rules chosen (the file's own when none is): its board, rack and best plays, its
// report in the rules' notation, and which dictionary and tiles answered. A file that cannot be read
// changes nothing.
async function openPosition(files) {
  const file = files.find((chosen) => chosen.name.toLowerCase().endsWith(".scrabble"));
  if (!file) return showMessage(`${files.map((chosen) => chosen.name).join(", ")}: no .scrabble file among them`);
  const rules = $("rules").value;
  const query = new URLSearchParams(rules ? { rules } : {});
  const view = await api(`/api/scrabble/position?${query}`, { method: "POST", body: formOf(files) });
  if (view.status !== 200) {
    showMessage(`${file.name}: ${messageOf(view.body)}`);
    return;
  }
  position = { files, rules };
  solitaire = null;
  closeGame();
  $("title").textContent = `${file.name} (${view.body.rules} rules)`;
  $("sources").textContent = [view.body.dictionary && `dictionary: ${view.body.dictionary}`, view.body.tiles && `tiles: ${view.body.tiles}`, view.body.warning && `warning: ${view.body.warning}`].filter(Boolean).join("; ");
  $("score").textContent = "";
  $("output").hidden = false;
  $("output").textContent = view.body.report;
  showTurnButtons();
  clearForm();
  draw(view.body);
}

$("open").addEventListener("change", async (event) => {
  const files = [...event.target.files];
  event.target.value = "";
  if (files.length > 0) await openPosition(files);
});

// Other rules chosen with a position open: the position again under them.
$("rules").addEventListener("change", () => {
  if (position) openPosition(position.files);
});

// Shows Pass and Exchange in a game under the standard rules, enabled until it is over.
function showTurnButtons(over = false) {
  const turns = solitaire !== null && solitaire.rules === "standard";
  $("pass").hidden = !turns;
  $("exchange").hidden = !turns;
  for (const id of ["play", "pass", "exchange"]) $(id).disabled = over;
}

// Starts a solitaire game dealt by a fresh seed.
$("new-game").addEventListener("click", async () => {
  const rules = $("rules").value || "lab";
  solitaire = { seed: crypto.getRandomValues(new Uint32Array(1))[0], rules, plays: [] };
  position = null;
  closeGame();
  table = null;
  $("sources").textContent = "";
  $("output").hidden = true;
  $("title").textContent = `solitaire, ${rules} rules, seed ${solitaire.seed}`;
  clearForm();
  await playSolitaire(null);
});

// Sends the game so far and the turn `play` (or none); a turn taken becomes part of the game.
async function playSolitaire(play) {
  const answer = await postJson("/api/scrabble/solitaire", { ...solitaire, play });
  if (answer.status !== 200) return play === null ? showMessage(messageOf(answer.body)) : refuse(messageOf(answer.body));
  const view = answer.body;
  if (view.accepted) solitaire.plays.push(play);
  const bag = `${view.pool} ${view.pool === 1 ? "tile" : "tiles"} in the bag`;
  const scoreless = view.scoreless > 0 ? `, ${view.scoreless} scoreless ${view.scoreless === 1 ? "turn" : "turns"} in a row` : "";
  $("score").textContent = view.over ? `${view.ended}: final score ${view.score}` : `score ${view.score}, ${bag}${scoreless}`;
  if (view.accepted) clearForm();
  draw(view);
  showTurnButtons(view.over);
  if (view.said !== null) {
    $("result").textContent = view.said;
    $("result").className = view.accepted ? "good" : "error";
  }
}

// Checks the play in the form on the open position, or takes it as the game's turn.
$("play-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const play = typedPlay();
  if (solitaire) return playSolitaire(play);
  if (position === null) return showMessage("Open a position or start a game first.");
  const query = new URLSearchParams(position.rules ? { play, rules: position.rules } : { play });
  const answer = await api(`/api/scrabble/position?${query}`, { method: "POST", body: formOf(position.files) });
  if (answer.status !== 200) return refuse(messageOf(answer.body));
  draw(answer.body);
});

$("pass").addEventListener("click", () => playSolitaire("pass"));
$("exchange").addEventListener("click", () => {
  const tiles = $("letters").value.trim().replace(/^exchange\s*/i, "");
  playSolitaire(`exchange ${tiles}`);
});

// Shows the position or solitaire desk again in place of a recorded game.
function closeGame() {
  game = null;
  $("game").hidden = true;
  $("desk").hidden = false;
}

// Opens the game record among `files`, with the word list its #lexicon line names when chosen
// beside it: analysed by the server as `scrabble analyze` does, shown from its first turn. A record
// that does not read changes nothing; the message names the file, the line and what is wrong.
async function openGame(files) {
  const file = files.find((chosen) => chosen.name.toLowerCase().endsWith(".gcg"));
  if (!file) return showMessage(`${files.map((chosen) => chosen.name).join(", ")}: no .gcg file among them`);
  await showGame(file.name, formOf(files));
}

// Sends the game `body` (a form of files, or a record's text) to be analysed and shows it, named
// `name`, from its first turn; a record that does not read shows the server's message.
async function showGame(name, body) {
  const answer = await api("/api/scrabble/game", { method: "POST", body });
  if (answer.status !== 200) return showMessage(messageOf(answer.body));
  const view = answer.body;
  game = { view, index: 0 };
  position = null;
  solitaire = null;
  $("title").textContent = `${name} (${view.rules} rules): ${view.players.join(" vs. ")}`;
  $("sources").textContent = [view.dictionary && `dictionary: ${view.dictionary}`, view.warning && `warning: ${view.warning}`].filter(Boolean).join("; ");
  $("desk").hidden = true;
  $("game").hidden = false;
  const summary = $("summary");
  summary.innerHTML = "";
  for (const player of view.summary) summary.append(Object.assign(document.createElement("li"), { textContent: player.text }));
  const turns = $("turns");
  turns.innerHTML = "";
  view.turns.forEach((turn, index) => {
    const item = Object.assign(document.createElement("li"), { textContent: turn.record });
    item.addEventListener("click", () => showTurn(index));
    turns.append(item);
  });
  showTurn(0);
}

// Shows turn `index` of the open game: the board after it with its tiles outlined, both scores
// after it, the rack and bag before it, the move as recorded, and its analysis.
function showTurn(index) {
  const { view } = game;
  game.index = Math.max(0, Math.min(index, view.turns.length - 1));
  const turn = view.turns[game.index];
  draw({ rules: view.rules, premiums: view.premiums, board: turn.board, rack: turn.rack, check: null, hints: [], over: true });
  highlight(turn.placed);
  $("board-note").textContent = "The tiles of the turn shown are outlined. The arrow keys, Home and End step through the game.";
  const scores = view.players.map((nick, player) => `${nick} ${turn.scores[player]}`).join(", ");
  $("score").textContent = `score ${scores} after ${view.players[turn.player]}'s turn; bag ${turn.bag} before it`;
  $("step").textContent = `turn ${game.index + 1} of ${view.turns.length}`;
  $("move").textContent = turn.record;
  const lines = $("turn-analysis");
  lines.innerHTML = "";
  const line = (text, kind) => lines.append(Object.assign(document.createElement("li"), { textContent: text, className: kind }));
  const analysed = turn.analysis;
  if (analysed === null) {
    line("not a decision of the player's: nothing to analyse", "muted");
  } else {
    for (const text of [analysed.endgame, analysed.endgame_played]) if (text !== null) line(text, "");
    line(analysed.played, "played");
    if (analysed.phony !== null) line(analysed.phony, "bad");
    for (const text of analysed.best) line(text, "");
    if (analysed.missed_bingo !== null) line(analysed.missed_bingo, "warn");
    for (const text of analysed.simulated) line(text, "");
  }
  for (const [at, item] of [...$("turns").children].entries()) item.classList.toggle("selected", at === game.index);
  $("turns").children[game.index].scrollIntoView({ block: "nearest" });
  $("first").disabled = $("previous").disabled = game.index === 0;
  $("next").disabled = $("last").disabled = game.index === view.turns.length - 1;
}

$("open-game").addEventListener("change", async (event) => {
  const files = [...event.target.files];
  event.target.value = "";
  if (files.length > 0) await openGame(files);
});

// A record pasted: read as the command line reads standard input, on the server's word list unless
// its #lexicon line leads to one in the server's data folder.
$("paste-game").addEventListener("click", () => $("paste").showModal());
$("paste").addEventListener("close", () => {
  if ($("paste").returnValue === "open") showGame("pasted game", $("paste-text").value);
});

$("first").addEventListener("click", () => showTurn(0));
$("previous").addEventListener("click", () => showTurn(game.index - 1));
$("next").addEventListener("click", () => showTurn(game.index + 1));
$("last").addEventListener("click", () => showTurn(game.view.turns.length - 1));

// The arrow keys, Home and End step through an open game, unless a field has the keys.
document.addEventListener("keydown", (event) => {
  if (game === null || event.target.closest("input, select, textarea, dialog")) return;
  const steps = { ArrowLeft: game.index - 1, ArrowRight: game.index + 1, Home: 0, End: game.view.turns.length - 1 };
  if (!(event.key in steps)) return;
  event.preventDefault();
  showTurn(steps[event.key]);
});
