# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_tictactoe_global_optspecs
    string join \n settings= position= to-move= k= tree= exercises= h/help V/version
end

function __fish_tictactoe_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_tictactoe_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_tictactoe_using_subcommand
    set -l cmd (__fish_tictactoe_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c tictactoe -n "__fish_tictactoe_needs_command" -l settings -d 'Settings file to load and save (default: settings.ron in the platform\'s config directory)' -r -F
complete -c tictactoe -n "__fish_tictactoe_needs_command" -l position -d 'Open the game on this position: board notation, as `analyze` takes it (e.g. XOX/OOX/...), or anything Ctrl+V takes in the game (rows on separate lines, as the articles print them). The game plays square boards, 3×3 to 7×7' -r
complete -c tictactoe -n "__fish_tictactoe_needs_command" -l to-move -d 'With --position: whose move it is (default: from the counts)' -r -f -a "X\t''
O\t''"
complete -c tictactoe -n "__fish_tictactoe_needs_command" -l k -d 'With --position: how many in a row win (default: the board\'s usual)' -r
complete -c tictactoe -n "__fish_tictactoe_needs_command" -l tree -d 'Open the game on a textbook\'s tree (View › A textbook\'s tree): nested lists of leaf values, e.g. [[3,12,8],[2,4,6],[14,5,2]] (min: first for a MIN root), or a built-in tree\'s name (three-ply, three-cutoffs, worst-order, best-order), as the page\'s ?tree= does' -r
complete -c tictactoe -n "__fish_tictactoe_needs_command" -l exercises -d 'Open the game on a set of exercises by its code (e.g. v1-s7-k=value,prune-n=4-3x3), as the page\'s ?exercises= does: everyone who opens the same code gets the same set' -r
complete -c tictactoe -n "__fish_tictactoe_needs_command" -s h -l help -d 'Print help'
complete -c tictactoe -n "__fish_tictactoe_needs_command" -s V -l version -d 'Print version'
complete -c tictactoe -n "__fish_tictactoe_needs_command" -f -a "analyze" -d 'Rate every legal move of a position with minimax and print the result as JSON'
complete -c tictactoe -n "__fish_tictactoe_needs_command" -f -a "tree" -d 'Print the game tree below a position with every move\'s score, as the explorer shows it'
complete -c tictactoe -n "__fish_tictactoe_needs_command" -f -a "trace" -d 'Print every call a search makes, as JSON lines, as the step-through view shows them'
complete -c tictactoe -n "__fish_tictactoe_needs_command" -f -a "mcts" -d 'Monte Carlo tree search (UCT) from a position: each move\'s visits and estimate beside its exact value, as JSON; with --trace, every iteration\'s phases'
complete -c tictactoe -n "__fish_tictactoe_needs_command" -f -a "match" -d 'Two computer players against each other on 3×3 (a minimax level or Monte Carlo tree search): each side\'s wins, draws and losses, as JSON'
complete -c tictactoe -n "__fish_tictactoe_needs_command" -f -a "cutoff" -d 'Depth-limited minimax with an evaluation function at the cutoff: each move\'s number beside its exact score, as JSON'
complete -c tictactoe -n "__fish_tictactoe_needs_command" -f -a "review" -d 'Review a game move by move: each move\'s score, the best score there was, and its class'
complete -c tictactoe -n "__fish_tictactoe_needs_command" -f -a "exercises" -d 'Print a graded set of exercises (the questions, or with their key as JSON, a GIFT quiz or a Moodle XML quiz), or grade answers to one'
complete -c tictactoe -n "__fish_tictactoe_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand analyze" -l to-move -d 'Whose move it is (default: from the counts: equal, X; one more X, O; one more O, X)' -r -f -a "X\t''
O\t''"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand analyze" -l k -d 'How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7; at most 5)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand analyze" -l algorithm -d 'The search: plain minimax (the reference), textbook alpha-beta (no table), alpha-beta with a table and move ordering (the teaching search) or the solver (the fastest); all give the same scores and lines' -r -f -a "plain\t''
alphabeta-classic\t'Alpha-beta as the textbooks write it, without a table (`trace`\'s alphabeta), each move searched with a fresh window'
alphabeta\t'Alpha-beta with a table and move ordering, each move searched with a fresh window'
solver\t''"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand analyze" -l max-nodes -d 'Give up on a board after visiting this many positions (open 5×5 and larger boards can take very long; 3×3 needs at most 549,946 even with plain minimax)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand analyze" -l time-limit -d 'Stop each board\'s search after this many seconds and print what it settled, with bounds and estimates for the rest (the last fifth of the time goes to the estimates). The solver then settles a best move first, as the app\'s computer does: "best" names it once no other move can beat it' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand analyze" -l view -d 'Whose numbers the scores, bounds and estimates are: `mover` (the player to move maximises: what it prints without --view) or `x` (X maximises, as the articles write minimax: every number is X\'s, so on O\'s turn O\'s best move has the lowest)' -r -f -a "mover\t'The player to move maximises: every number is theirs'
x\t'X maximises and O minimises (the articles\' view): every number is X\'s'"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand analyze" -l stats -d 'Add the algorithm, positions visited and time taken'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand analyze" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand tree" -l depth -d 'How many levels of moves to print below the position (default: 1 for a board, the whole tree for a tree)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand tree" -l format -d 'JSON (one object), Graphviz `dot` with minimax\'s choices drawn bold, or an SVG picture (MAX and MIN levels, a value at each node, minimax\'s line drawn thick; its values are one search\'s, seen as --view says, `mover` without it)' -r -f -a "json\t''
dot\t''
svg\t''"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand tree" -l to-move -d 'Whose move it is (default: from the counts: equal, X; one more X, O; one more O, X)' -r -f -a "X\t''
O\t''"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand tree" -l k -d 'How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7; at most 5)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand tree" -l max-nodes -d 'Give up on a position after visiting this many positions in its search (each printed position\'s moves are searched with the exact engine, as `analyze` searches them)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand tree" -l max-printed -d 'Stop after printing this many positions, and say so: the JSON\'s root gets "complete": false (Graphviz: a comment), with a line on standard error. The tree is written as it is searched, so memory stays small whatever the depth' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand tree" -l view -d 'Every node\'s score as the value of the one search from the position given: `mover` (its player to move maximises) or `x` (X maximises), depth counted from the position given. Without it each score is the move\'s own, for the side that plays it, with depth counted from the node it is played on' -r -f -a "mover\t'The player to move maximises: every number is theirs'
x\t'X maximises and O minimises (the articles\' view): every number is X\'s'"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand tree" -l boards -d 'With --format svg, draw each position small under its node (a board\'s tree only)'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand tree" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand trace" -l algorithm -d 'Plain minimax, or alpha-beta as the textbooks write it (no table: `analyze`\'s alphabeta-classic, a name `trace` takes too)' -r -f -a "plain\t''
alphabeta\t''"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand trace" -l root -d 'How alpha-beta treats a board\'s moves: `fresh` searches each with the whole window, as the articles\' findBestMove does (every move\'s score exact: what `analyze` and the app\'s scores use), `shared` searches the position with one window, as the textbook\'s alphabeta(root) (the best so far is alpha for the next move: fewer positions, only the best move\'s score exact). A typed tree is always searched from its root with one window' -r -f -a "fresh\t''
shared\t''"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand trace" -l to-move -d 'Whose move it is (default: from the counts: equal, X; one more X, O; one more O, X)' -r -f -a "X\t''
O\t''"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand trace" -l k -d 'How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7; at most 5)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand trace" -l max-nodes -d 'Give up after visiting this many positions' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand trace" -l max-lines -d 'Stop after writing this many event lines (then a last "stopped" line)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand trace" -l view -d 'Who maximises: `mover` (the side to move at the start: what it prints without --view) or `x` (X, as the articles write minimax; every score is X\'s)' -r -f -a "mover\t'The player to move maximises: every number is theirs'
x\t'X maximises and O minimises (the articles\' view): every number is X\'s'"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand trace" -l format -d '`json`: the events, a line each. `svg`: the finished search drawn as the app draws it (a tree\'s in the tree lab, every node with its value or bound, pruned branches crossed, each cut-off\'s sentence under the legend; a board\'s as the step-through draws it at the end: the start and its moves\' values)' -r -f -a "json\t''
svg\t''"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand trace" -l pseudocode -d 'Add to each event the line of pseudocode it shows (as "code"), the line the app\'s step-through highlights'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand trace" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand mcts" -l iterations -d 'How many iterations (selection, expansion, playout, backup) to run' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand mcts" -l seed -d 'The random numbers\' seed: the same seed gives the same search, on every machine' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand mcts" -l c -d 'The exploration constant in UCB1 = W/N + c·√(ln N(parent) / N) (default √2; on a tree, whose rewards are its leaves, scale it to the leaves)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand mcts" -l max-tree-nodes -d 'The most nodes the search tree keeps: once reached, iterations go on without adding nodes, and the JSON says "full": true' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand mcts" -l to-move -d 'Whose move it is (default: from the counts: equal, X; one more X, O; one more O, X)' -r -f -a "X\t''
O\t''"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand mcts" -l k -d 'How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7; at most 5)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand mcts" -l trace -d 'Write every iteration\'s phases, one JSON line each, before the result (at most 100000 iterations)'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand mcts" -s h -l help -d 'Print help'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand match" -l x -d 'Who plays X: easy, medium, hard, perfect (the game\'s minimax levels) or mcts:N (Monte Carlo tree search, N iterations a move)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand match" -l o -d 'Who plays O, as --x' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand match" -l games -d 'How many games' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand match" -l seed -d 'The random numbers\' seed (the minimax levels\' choices among equal moves, MCTS\'s playouts): the same seed plays the same match' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand match" -s h -l help -d 'Print help'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand cutoff" -l depth -d 'How many plies to look ahead, the move itself counted: positions still open there are judged by the evaluation' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand cutoff" -l eval -d 'The evaluation at the cutoff: `open-lines` (the side\'s open lines minus the opponent\'s, a line being open for a side while the opponent has no mark on it) or `zero` (nothing is known beyond the cutoff)' -r -f -a "open-lines\t''
zero\t''"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand cutoff" -l to-move -d 'Whose move it is (default: from the counts: equal, X; one more X, O; one more O, X)' -r -f -a "X\t''
O\t''"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand cutoff" -l k -d 'How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7; at most 5)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand cutoff" -l max-nodes -d 'Give up after visiting this many positions' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand cutoff" -s h -l help -d 'Print help'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand review" -l game -d 'Review the game saved in FILE (Game > Save game… in the app) instead' -r -F
complete -c tictactoe -n "__fish_tictactoe_using_subcommand review" -l from -d 'The position the game started from, when not the empty board (board notation; --first is the side to move there)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand review" -l first -d 'Who moved first (with --from, the side to move there)' -r -f -a "X\t''
O\t''"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand review" -l size -d 'The board\'s side, 3 to 7 (5×5 and larger can take long to review exactly)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand review" -l k -d 'How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand review" -l max-nodes -d 'Give up on a position after visiting this many positions: that move\'s score (or the best score there was) is printed as null, with "complete": false' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand review" -l time-limit -d 'Stop each position\'s search after this many seconds, as --max-nodes stops it' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand review" -l view -d 'Whose numbers each move\'s score and best score are, seen from the position before the move: `mover` (the player who made it: what it prints without --view) or `x` (X\'s, so an O move\'s best score is the lowest there was)' -r -f -a "mover\t'The player to move maximises: every number is theirs'
x\t'X maximises and O minimises (the articles\' view): every number is X\'s'"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand review" -l practice -d 'Give each move that was not best the practice position the app\'s Practice (P) deals from it: "practice": the position before the move, the task, the good moves (cell numbers) and the lesson'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand review" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand exercises" -l code -d 'The set\'s code, as a set prints it (e.g. v1-s7-k=value,horizon-n=4-3x3)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand exercises" -l seed -d 'The seed the set is made from: the same seed and options give the same set everywhere' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand exercises" -l kinds -d 'The kinds of exercise, comma-separated, taking turns in this order' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand exercises" -l count -d 'How many items, 1 to 100; the levels grow along the set' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand exercises" -l size -d 'The board\'s side, 3 or 4 (the horizon kind is on 3×3 only)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand exercises" -l view -d 'Whose numbers the values are: `mover` (the player to move\'s, the default) or `x` (X maximises, as the articles count)' -r -f -a "mover\t'The player to move maximises: every number is theirs'
x\t'X maximises and O minimises (the articles\' view): every number is X\'s'"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand exercises" -l format -d 'What to print: `text` (the questions), `json` (the set with its key), `gift` (a quiz for Moodle and other learning-management systems, with the key), `moodle` (the same quiz as Moodle XML) or `scorm` (a SCORM 1.2 package of the web page with the set, written to --out from the built site in --site). Grading prints `text` (the summary and the items missed) or `json` (the summary and every item graded)' -r -f -a "text\t''
json\t''
gift\t''
moodle\t'Moodle XML'
scorm\t'A SCORM 1.2 package (a zip) for an LMS\'s gradebook'"
complete -c tictactoe -n "__fish_tictactoe_using_subcommand exercises" -l check -d 'Grade the answers in FILE (N=ANSWER lines) and print a summary; or grade a hand-in the app wrote (its set\'s code is in it): each item, the score, and whether it was edited' -r -F
complete -c tictactoe -n "__fish_tictactoe_using_subcommand exercises" -l site -d 'With --format scorm: the built web page to package (the folder scripts/web-build.sh writes, e.g. target/site)' -r -F
complete -c tictactoe -n "__fish_tictactoe_using_subcommand exercises" -l out -d 'With --format scorm: the zip file to write' -r -F
complete -c tictactoe -n "__fish_tictactoe_using_subcommand exercises" -l pass-mark -d 'With --format scorm: the score out of 100 that passes (the LMS\'s mastery score)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand exercises" -l answer -d 'Grade this answer to item N (may be given many times; with --check, it comes after the file\'s answers)' -r
complete -c tictactoe -n "__fish_tictactoe_using_subcommand exercises" -l trees -d 'The tree and prune kinds on the textbooks\' abstract trees (built-in and random ones) instead of below board positions'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand exercises" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand help; and not __fish_seen_subcommand_from analyze tree trace mcts match cutoff review exercises help" -f -a "analyze" -d 'Rate every legal move of a position with minimax and print the result as JSON'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand help; and not __fish_seen_subcommand_from analyze tree trace mcts match cutoff review exercises help" -f -a "tree" -d 'Print the game tree below a position with every move\'s score, as the explorer shows it'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand help; and not __fish_seen_subcommand_from analyze tree trace mcts match cutoff review exercises help" -f -a "trace" -d 'Print every call a search makes, as JSON lines, as the step-through view shows them'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand help; and not __fish_seen_subcommand_from analyze tree trace mcts match cutoff review exercises help" -f -a "mcts" -d 'Monte Carlo tree search (UCT) from a position: each move\'s visits and estimate beside its exact value, as JSON; with --trace, every iteration\'s phases'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand help; and not __fish_seen_subcommand_from analyze tree trace mcts match cutoff review exercises help" -f -a "match" -d 'Two computer players against each other on 3×3 (a minimax level or Monte Carlo tree search): each side\'s wins, draws and losses, as JSON'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand help; and not __fish_seen_subcommand_from analyze tree trace mcts match cutoff review exercises help" -f -a "cutoff" -d 'Depth-limited minimax with an evaluation function at the cutoff: each move\'s number beside its exact score, as JSON'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand help; and not __fish_seen_subcommand_from analyze tree trace mcts match cutoff review exercises help" -f -a "review" -d 'Review a game move by move: each move\'s score, the best score there was, and its class'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand help; and not __fish_seen_subcommand_from analyze tree trace mcts match cutoff review exercises help" -f -a "exercises" -d 'Print a graded set of exercises (the questions, or with their key as JSON, a GIFT quiz or a Moodle XML quiz), or grade answers to one'
complete -c tictactoe -n "__fish_tictactoe_using_subcommand help; and not __fish_seen_subcommand_from analyze tree trace mcts match cutoff review exercises help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
