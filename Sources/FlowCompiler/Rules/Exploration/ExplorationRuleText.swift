/// The paragraphs the explanations of `flowc check`'s codes (FC801–FC814) share.
enum ExplorationRuleText {
    /// The explanation of every broken guarantee (FC801–FC806, FC812–FC814).
    static let guarantee = """
        flowc check explores every state the coordinator reaches from a new coordinator and checks this \
        guarantee of docs/RUNNING.md ("Guarantees") on every step. A broken guarantee is a fault of the runtime, \
        not of the flows: it is reported as an error at the screen shown before the breaking step, with the \
        guarantee as it is stated and a 'flowc run' script that reproduces it.
        """

    /// The paragraph that ends the explanation of each warning (FC807–FC811).
    static let warning = """
        It is reported by flowc check, which explores every state the coordinator reaches (docs/RUNNING.md, \
        "Checking flows"), as a warning with a 'flowc run' script that reproduces it; warnings alone exit 0 \
        (1 under --strict). Silence one with '# flowc:disable CODE -- REASON' above the line it is reported at, \
        or change its severity in .flowc.yml (docs/CONFIG.md).
        """
}
