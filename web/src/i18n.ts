// The page's own words in English and French. Game texts (events, component
// names and help) come from the server, already in the chosen language.

export type Lang = "en" | "fr";

const words = {
  appName: ["jardin", "jardin"],
  lobby: ["Lobby", "Accueil"],
  language: ["Language", "Langue"],
  switchLang: ["Français", "English"],
  newTable: ["New table", "Nouvelle table"],
  game: ["Game", "Jeu"],
  players: ["Players", "Joueurs"],
  seat: ["Seat", "Place"],
  open: ["Open (a person)", "Libre (une personne)"],
  you: ["You", "Vous"],
  bot: ["Bot", "Robot"],
  clock: ["Clock", "Pendule"],
  realtime: ["Realtime", "Temps réel"],
  async: ["Correspondence", "Par correspondance"],
  minutes: ["minutes per player", "minutes par joueur"],
  increment: ["seconds added per move", "secondes ajoutées par coup"],
  perMove: ["hours per move", "heures par coup"],
  create: ["Create the table", "Créer la table"],
  name: ["Your name", "Votre nom"],
  publicTables: ["Open tables", "Tables ouvertes"],
  myTables: ["My tables", "Mes tables"],
  noTables: ["None for now.", "Aucune pour l'instant."],
  join: ["Join", "Rejoindre"],
  watch: ["Watch", "Regarder"],
  play: ["Play", "Jouer"],
  invite: ["Invite link", "Lien d'invitation"],
  spectate: ["Spectator link", "Lien spectateur"],
  copy: ["Copy", "Copier"],
  copied: ["Copied", "Copié"],
  yourTurn: ["Your turn", "À vous de jouer"],
  turnOf: ["{0} to play", "À {0} de jouer"],
  waiting: ["Waiting for players", "En attente de joueurs"],
  gameOver: ["Game over", "Partie terminée"],
  reconnecting: ["Reconnecting…", "Reconnexion…"],
  connected: ["Connected", "Connecté"],
  moveBox: ["Move (notation)", "Coup (notation)"],
  send: ["Play", "Jouer"],
  undo: ["Undo", "Annuler le coup"],
  cancel: ["Back", "Retour"],
  choose: ["Choose", "Choisissez"],
  log: ["Game log", "Journal de la partie"],
  scorePad: ["Score pad", "Feuille de score"],
  total: ["Total", "Total"],
  rank: ["Rank", "Rang"],
  rating: ["Rating", "Évaluation"],
  replay: ["Replay", "Revoir la partie"],
  download: ["Download the record", "Télécharger l'enregistrement"],
  first: ["Start", "Début"],
  prev: ["Previous move", "Coup précédent"],
  next: ["Next move", "Coup suivant"],
  last: ["End", "Fin"],
  moveN: ["Move {0} of {1}", "Coup {0} sur {1}"],
  noClock: ["No clock", "Sans pendule"],
  status_open: ["waiting for players", "en attente de joueurs"],
  status_live: ["being played", "en cours"],
  status_over: ["over", "terminée"],
  status_aborted: ["abandoned", "abandonnée"],
  moveSlider: ["Move", "Coup"],
  thisMove: ["This move", "Ce coup"],
  setup: ["The setup, before the first move", "La mise en place, avant le premier coup"],
  notOver: ["The replay is available once the game is over.", "La partie pourra être revue une fois terminée."],
  backToTable: ["Back to the table", "Retour à la table"],
  spectator: ["Spectator", "Spectateur"],
  illegal: ["Refused: {0}", "Refusé : {0}"],
  notUnderstood: ["Not a legal move here: {0}", "Pas un coup légal ici : {0}"],
  hand: ["Hand", "Main"],
  deck: ["Deck", "Pioche"],
  cards: ["{0} cards", "{0} cartes"],
  score: ["Score", "Score"],
  notify: ["Notify me when it is my turn", "Me prévenir quand c'est mon tour"],
  rematch: ["Rematch", "Revanche"],
  chat: ["Chat", "Discussion"],
  loading: ["Loading…", "Chargement…"],
  error: ["Error: {0}", "Erreur : {0}"],
  legalMoves: ["Legal moves", "Coups légaux"],
  lastMove: ["last move", "dernier coup"],
  optionsTitle: ["Options", "Options"],
  orientation: ["Orientation", "Orientation"],
  rotate: ["Rotate", "Tourner"],
  flip: ["Flip", "Retourner"],
} as const;

export type Word = keyof typeof words;

/**
 * The language to start in, chosen as the server chooses it for the pages
 * it renders (server/lang.go), so that both agree: ?lang= in the address,
 * else the `lang` cookie (the switch's choice), else the browser's
 * languages (what Accept-Language says). A ?lang= is saved as the choice.
 */
export function initialLang(): Lang {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked === "fr" || asked === "en") {
    saveLang(asked);
    return asked;
  }
  const cookie = /(?:^|;\s*)lang=(en|fr)(?:;|$)/.exec(document.cookie)?.[1];
  if (cookie === "fr" || cookie === "en") return cookie;
  // a choice saved before the cookie existed: the server learns it too
  const saved = safeStorage("jardin.lang");
  if (saved === "fr" || saved === "en") {
    saveLang(saved);
    return saved;
  }
  const forced = document.body.dataset.lang;
  if (forced === "fr" || forced === "en") return forced;
  for (const l of navigator.languages ?? [navigator.language]) {
    if (l.toLowerCase().startsWith("fr")) return "fr";
    if (l.toLowerCase().startsWith("en")) return "en";
  }
  return "en";
}

/** saveLang keeps the choice in the `lang` cookie, which the server reads too, for a year. */
export function saveLang(l: Lang): void {
  document.cookie = `lang=${l}; path=/; max-age=31536000; samesite=lax`;
}

function safeStorage(k: string): string | null {
  try {
    return localStorage.getItem(k);
  } catch {
    return null; // storage refused (private mode)
  }
}

/** botName names a bot seat by its kind: "greedy bot", "robot greedy" (as the server's event texts do). */
export function botName(lang: Lang, kind: string | undefined): string {
  return lang === "fr" ? `robot ${kind ?? ""}`.trim() : `${kind ?? ""} bot`.trim();
}

/** t returns word w in lang, with {0}, {1}… replaced by args. */
export function t(lang: Lang, w: Word, ...args: (string | number)[]): string {
  const s: string = words[w][lang === "fr" ? 1 : 0];
  return s.replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)] ?? ""));
}
