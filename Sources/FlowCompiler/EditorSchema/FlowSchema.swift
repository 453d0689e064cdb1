/// The JSON Schema (draft-07) of a flow file, for editors: yaml-language-server and VS Code's YAML
/// extension read it for completion, hover text and checks while typing (docs/EDITORS.md).
///
/// It describes every key of docs/FORMAT.md with its description, allowed values and default, as an
/// editor sees the file: through YAML 1.2's core schema, where `7` is a number and `on` is text. It is
/// looser than flowc in a few places it cannot express (strict number spelling, `min` not above `max`,
/// placeholders named once), so `flowc validate` stays the judge. `flowc schema` prints it, and
/// `schema/flow.schema.json` is a copy that a test keeps equal; another test checks, with the PyPI
/// validator `check-jsonschema`, that every valid fixture and shipped flow passes and every fixture
/// with a schema diagnostic (FC1xx) fails, and that its keys and enums are the decoder's.
public enum FlowSchema {
    /// The schema as pretty-printed JSON text, ending with a newline.
    public static let json: String = #"""
        {
          "$schema": "http://json-schema.org/draft-07/schema#",
          "$id": "urn:flowc:flow-schema",
          "title": "flowc flow file",
          "description": "One navigation flow for flowc (docs/FORMAT.md): screens, child flows, the events that move between them, and deep links. Written by 'flowc schema'; flowc's own reading rules (scalars are text, YAML 1.1 words are names) are stricter than any schema, so run 'flowc validate' too.",
          "type": "object",
          "required": [
            "flow",
            "start"
          ],
          "additionalProperties": false,
          "properties": {
            "flow": {
              "$ref": "#/definitions/name",
              "description": "The flow's name, unique across all flow files validated together."
            },
            "formerly": {
              "$ref": "#/definitions/formerNames",
              "description": "Since format 1.2: the names this flow had in earlier versions of the app, such as [oldName]; a restore of a snapshot saved by an earlier version renames them."
            },
            "description": {
              "type": [
                "string",
                "number",
                "boolean",
                "null"
              ],
              "description": "Free text for people; flowc ignores it."
            },
            "params": {
              "$ref": "#/definitions/parameters",
              "description": "The flow's typed input parameters, passed by whoever starts it as a child flow."
            },
            "conditions": {
              "$ref": "#/definitions/names",
              "description": "The host conditions this flow may test with 'if', such as [isLoggedIn]."
            },
            "start": {
              "$ref": "#/definitions/start",
              "description": "The flow's first route: a screen or child name, '{ to: NAME, with: ARGUMENTS }', or '{ if: CONDITION, then: START, else: START }'."
            },
            "outcomes": {
              "description": "The outcomes this flow can finish with: a list of names (such as [saved, discarded]), or since format 1.1 a mapping of outcome name → { params } so that the outcome carries data to the parent's handler.",
              "anyOf": [
                {
                  "$ref": "#/definitions/names"
                },
                {
                  "type": "object",
                  "propertyNames": {
                    "$ref": "#/definitions/name"
                  },
                  "additionalProperties": {
                    "$ref": "#/definitions/outcome"
                  }
                }
              ]
            },
            "screens": {
              "description": "Screen name → screen. Screens and children share one namespace.",
              "type": [
                "object",
                "null"
              ],
              "propertyNames": {
                "$ref": "#/definitions/name"
              },
              "additionalProperties": {
                "$ref": "#/definitions/screen"
              }
            },
            "children": {
              "description": "Child name → child-flow declaration: which flow runs as the child and how each of its outcomes is handled.",
              "type": [
                "object",
                "null"
              ],
              "propertyNames": {
                "$ref": "#/definitions/name"
              },
              "additionalProperties": {
                "$ref": "#/definitions/child"
              }
            },
            "links": {
              "description": "Deep links: URL path pattern (such as \"/books/{bookID:int}\") → the complete route list it opens, first route first, or (since format 1.1) a guarded link { when, routes, otherwise }.",
              "type": [
                "object",
                "null"
              ],
              "propertyNames": {
                "$ref": "#/definitions/linkPattern"
              },
              "additionalProperties": {
                "oneOf": [
                  {
                    "$ref": "#/definitions/linkRoutes"
                  },
                  {
                    "$ref": "#/definitions/guardedLink"
                  }
                ]
              }
            },
            "linkPolicy": {
              "description": "What a deep link arriving while this flow is active does: allow (default), queue (held until the flow finishes), reject, or { redirect: SCREEN }.",
              "default": "allow",
              "oneOf": [
                {
                  "type": "string",
                  "enum": [
                    "allow",
                    "queue",
                    "reject"
                  ],
                  "enumDescriptions": [
                    "Open the link at once (the default).",
                    "Hold the link until this flow finishes, then open it.",
                    "Drop the link."
                  ]
                },
                {
                  "type": "object",
                  "required": [
                    "redirect"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "redirect": {
                      "$ref": "#/definitions/name",
                      "description": "The screen shown instead of the link's routes; it takes no required parameters."
                    }
                  }
                }
              ]
            },
            "linkFallback": {
              "$ref": "#/definitions/name",
              "description": "A screen shown when a deep link fails validation; it takes no required parameters. Without one, a failed link changes nothing."
            },
            "tabs": {
              "description": "Since format 1.1: the flow's tab set, a list of its children (each a name, or a one-entry mapping CHILD → arguments; since format 1.2 also { tab: CHILD, title: …, icon: …, with: { … } }). A tab flow declares no screens; its start names the tab selected first. Since format 1.3 a tab whose child is presented (sheet or cover) is a tab-bar item that presents its child over the whole tab set when selected.",
              "type": "array",
              "minItems": 1,
              "items": {
                "$ref": "#/definitions/tabItem"
              }
            },
            "backAtTabRoot": {
              "description": "Since format 1.2, for a tab flow: what back at the first route of a tab other than the first does: refuse (default) or selectFirstTab.",
              "type": "string",
              "enum": [
                "refuse",
                "selectFirstTab"
              ]
            }
          },
          "definitions": {
            "name": {
              "type": "string",
              "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
              "description": "An identifier: ASCII letters, digits and '_', not starting with a digit."
            },
            "names": {
              "type": [
                "array",
                "null"
              ],
              "items": {
                "$ref": "#/definitions/name"
              }
            },
            "number": {
              "description": "A decimal number (flowc reads numbers strictly: no leading zero, no '_', no hex, no nan or inf).",
              "anyOf": [
                {
                  "type": "number"
                },
                {
                  "type": "string",
                  "pattern": "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?$"
                }
              ]
            },
            "scalar": {
              "description": "A literal value, typed by flowc against the parameter that receives it.",
              "type": [
                "string",
                "number",
                "boolean"
              ]
            },
            "parameterType": {
              "type": "string",
              "enum": [
                "int",
                "string",
                "bool",
                "double"
              ],
              "enumDescriptions": [
                "A whole number, written in decimal digits.",
                "Text.",
                "true or false.",
                "A decimal number such as 2.5."
              ]
            },
            "parameters": {
              "description": "Parameter name → type: 'int', 'string', 'bool' or 'double', or a mapping with 'type' and constraints.",
              "type": [
                "object",
                "null"
              ],
              "propertyNames": {
                "$ref": "#/definitions/name"
              },
              "additionalProperties": {
                "$ref": "#/definitions/parameter"
              }
            },
            "parameter": {
              "oneOf": [
                {
                  "$ref": "#/definitions/parameterType"
                },
                {
                  "type": "object",
                  "required": [
                    "type"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "type": {
                      "$ref": "#/definitions/parameterType",
                      "description": "The parameter's type."
                    },
                    "min": {
                      "$ref": "#/definitions/number",
                      "description": "Inclusive lower bound (int and double only)."
                    },
                    "max": {
                      "$ref": "#/definitions/number",
                      "description": "Inclusive upper bound (int and double only)."
                    },
                    "values": {
                      "description": "The only values allowed (at least one, each once).",
                      "type": "array",
                      "minItems": 1,
                      "uniqueItems": true,
                      "items": {
                        "$ref": "#/definitions/scalar"
                      }
                    },
                    "check": {
                      "$ref": "#/definitions/name",
                      "description": "A host check (such as bookExists) the runtime asks before it builds a deep link or restores a path with this argument."
                    },
                    "default": {
                      "$ref": "#/definitions/scalar",
                      "description": "The value used when no argument is passed; a parameter with a default is optional."
                    },
                    "minLength": {
                      "description": "Since format 1.1, string only: the shortest length allowed, in Unicode scalars.",
                      "type": "integer",
                      "minimum": 0
                    },
                    "maxLength": {
                      "description": "Since format 1.1, string only: the longest length allowed, in Unicode scalars.",
                      "type": "integer",
                      "minimum": 0
                    },
                    "pattern": {
                      "description": "Since format 1.1, string only: a regular expression (the subset in docs/FORMAT.md, 'Patterns') the whole value must match; at most 1,000 characters.",
                      "type": "string",
                      "maxLength": 1000
                    }
                  },
                  "allOf": [
                    {
                      "if": {
                        "properties": {
                          "type": {
                            "enum": [
                              "string",
                              "bool"
                            ]
                          }
                        }
                      },
                      "then": {
                        "properties": {
                          "min": false,
                          "max": false
                        }
                      }
                    },
                    {
                      "if": {
                        "properties": {
                          "type": {
                            "enum": [
                              "int",
                              "double",
                              "bool"
                            ]
                          }
                        }
                      },
                      "then": {
                        "properties": {
                          "minLength": false,
                          "maxLength": false,
                          "pattern": false
                        }
                      }
                    }
                  ]
                }
              ]
            },
            "arguments": {
              "description": "Destination parameter name → value: a literal, or '$name' (unquoted) for a parameter in scope.",
              "type": [
                "object",
                "null"
              ],
              "propertyNames": {
                "$ref": "#/definitions/name"
              },
              "additionalProperties": {
                "$ref": "#/definitions/scalar"
              }
            },
            "start": {
              "oneOf": [
                {
                  "$ref": "#/definitions/name"
                },
                {
                  "type": "object",
                  "required": [
                    "to"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "to": {
                      "$ref": "#/definitions/name",
                      "description": "The screen or child shown first."
                    },
                    "with": {
                      "$ref": "#/definitions/arguments"
                    }
                  }
                },
                {
                  "type": "object",
                  "required": [
                    "if",
                    "then",
                    "else"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "if": {
                      "$ref": "#/definitions/name",
                      "description": "A host condition declared in 'conditions'."
                    },
                    "then": {
                      "$ref": "#/definitions/start",
                      "description": "The start when the condition holds."
                    },
                    "else": {
                      "$ref": "#/definitions/start",
                      "description": "The start when it does not."
                    }
                  }
                }
              ]
            },
            "actionProperties": {
              "push": {
                "$ref": "#/definitions/name",
                "description": "Push one of this flow's screens (arguments in 'with')."
              },
              "start": {
                "$ref": "#/definitions/name",
                "description": "Start the child flow declared as this child (arguments in 'with'); its start route is pushed."
              },
              "pop": {
                "description": "Remove this flow's top N routes (N ≥ 1).",
                "anyOf": [
                  {
                    "type": "integer",
                    "minimum": 1
                  },
                  {
                    "type": "string",
                    "pattern": "^[1-9][0-9]*$"
                  }
                ]
              },
              "popTo": {
                "$ref": "#/definitions/name",
                "description": "Remove this flow's routes above its topmost such screen."
              },
              "replaceRoot": {
                "$ref": "#/definitions/name",
                "description": "Remove all of this flow's routes and children, then show this screen or child (arguments in 'with')."
              },
              "finish": {
                "$ref": "#/definitions/name",
                "description": "Finish this flow with this outcome, passing its parameters in 'with' (since format 1.1); the parent's handler runs."
              },
              "select": {
                "$ref": "#/definitions/name",
                "description": "Since format 1.1: select this tab of the nearest tab set; the other tabs keep their stacks."
              },
              "if": {
                "$ref": "#/definitions/name",
                "description": "Choose by a host condition declared in 'conditions'."
              },
              "with": {
                "$ref": "#/definitions/arguments"
              },
              "routes": {
                "$ref": "#/definitions/linkRoutes",
                "description": "Since format 1.3, with 'select' of a tab of this tab flow: what the tab's stack shows, addressing the tab's flow after its start as a deep link's routes after a tab do; arguments may read the outcome's parameters ($name). The tab's stack is replaced, the other tabs keep theirs."
              }
            },
            "action": {
              "description": "Exactly one of push, start, pop, popTo, replaceRoot, finish, select or if.",
              "type": "object",
              "oneOf": [
                {
                  "required": [
                    "push"
                  ]
                },
                {
                  "required": [
                    "start"
                  ]
                },
                {
                  "required": [
                    "pop"
                  ]
                },
                {
                  "required": [
                    "popTo"
                  ]
                },
                {
                  "required": [
                    "replaceRoot"
                  ]
                },
                {
                  "required": [
                    "finish"
                  ]
                },
                {
                  "required": [
                    "select"
                  ]
                },
                {
                  "required": [
                    "if"
                  ]
                }
              ],
              "dependencies": {
                "with": {
                  "anyOf": [
                    {
                      "required": [
                        "push"
                      ]
                    },
                    {
                      "required": [
                        "start"
                      ]
                    },
                    {
                      "required": [
                        "replaceRoot"
                      ]
                    },
                    {
                      "required": [
                        "finish"
                      ]
                    }
                  ]
                },
                "if": [
                  "then",
                  "else"
                ],
                "then": [
                  "if"
                ],
                "else": [
                  "if"
                ],
                "routes": [
                  "select"
                ]
              }
            },
            "event": {
              "description": "An event the screen reports: its params and exactly one action.",
              "allOf": [
                {
                  "$ref": "#/definitions/action"
                }
              ],
              "additionalProperties": false,
              "properties": {
                "params": {
                  "$ref": "#/definitions/parameters",
                  "description": "The arguments the screen sends with this event."
                },
        \#(actionPropertyReferences)
              }
            },
            "branch": {
              "description": "An action (no params): exactly one of push, start, pop, popTo, replaceRoot, finish, select or if.",
              "allOf": [
                {
                  "$ref": "#/definitions/action"
                }
              ],
              "additionalProperties": false,
              "properties": {
        \#(actionPropertyReferences)
              }
            },
            "handler": {
              "description": "What the parent does when the child finishes with this outcome: 'stay' (only remove the child) or an action of the parent flow.",
              "oneOf": [
                {
                  "type": "string",
                  "const": "stay"
                },
                {
                  "$ref": "#/definitions/branch"
                }
              ]
            },
            "screen": {
              "description": "A screen: its parameters, the events it reports and its removal policy. An empty screen may be written 'name:'.",
              "type": [
                "object",
                "null"
              ],
              "additionalProperties": false,
              "properties": {
                "params": {
                  "$ref": "#/definitions/parameters",
                  "description": "The screen's parameters; every route to it passes them."
                },
                "formerly": {
                  "$ref": "#/definitions/formerNames",
                  "description": "Since format 1.2: the names this screen had in earlier versions of the app, such as [oldName]; a restore of a snapshot saved by an earlier version renames them."
                },
                "on": {
                  "description": "Event name → event.",
                  "type": [
                    "object",
                    "null"
                  ],
                  "propertyNames": {
                    "$ref": "#/definitions/name"
                  },
                  "additionalProperties": {
                    "$ref": "#/definitions/event"
                  }
                },
                "removal": {
                  "$ref": "#/definitions/removal"
                }
              }
            },
            "removal": {
              "description": "What interactive back does to this screen: discard (default), preserve (keep the draft for the next start), or { policy: confirm, ask: QUESTION, outcome: OUTCOME }.",
              "default": "discard",
              "oneOf": [
                {
                  "type": "string",
                  "enum": [
                    "discard",
                    "preserve",
                    "confirm"
                  ],
                  "enumDescriptions": [
                    "The route is removed (the default).",
                    "The route is removed but its draft is kept; starting the flow again restores it.",
                    "The host asks first."
                  ]
                },
                {
                  "type": "object",
                  "required": [
                    "policy"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "policy": {
                      "type": "string",
                      "enum": [
                        "discard",
                        "preserve",
                        "confirm"
                      ],
                      "description": "The policy: discard, preserve or confirm."
                    },
                    "ask": {
                      "$ref": "#/definitions/name",
                      "description": "The question's identifier, which the host turns into text."
                    },
                    "outcome": {
                      "$ref": "#/definitions/name",
                      "description": "On confirm, the screen's flow finishes with this outcome."
                    },
                    "when": {
                      "$ref": "#/definitions/name",
                      "description": "Since format 1.2: a declared host condition (such as hasUnsavedChanges); the host is asked only while it holds, otherwise the route goes as with discard."
                    }
                  }
                }
              ]
            },
            "child": {
              "description": "A child-flow declaration.",
              "type": "object",
              "required": [
                "flow"
              ],
              "additionalProperties": false,
              "properties": {
                "flow": {
                  "$ref": "#/definitions/name",
                  "description": "The flow that runs as this child, defined in any file."
                },
                "formerly": {
                  "$ref": "#/definitions/formerNames",
                  "description": "Since format 1.2: the names this child declaration had in earlier versions of the app, such as [oldName]; a restore of a snapshot saved by an earlier version renames them."
                },
                "on": {
                  "description": "Outcome → handler, one for each outcome of the child flow.",
                  "type": [
                    "object",
                    "null"
                  ],
                  "propertyNames": {
                    "$ref": "#/definitions/name"
                  },
                  "additionalProperties": {
                    "$ref": "#/definitions/handler"
                  }
                },
                "presentation": {
                  "description": "Since format 1.1: how the child is shown: push (the default) on the presenting stack, sheet (its own stack, dismissible by the person) or cover (full screen, not dismissible; ends when its flow finishes).",
                  "type": "string",
                  "enum": [
                    "push",
                    "sheet",
                    "cover"
                  ],
                  "default": "push",
                  "enumDescriptions": [
                    "On the presenting stack (the default).",
                    "Its own stack over the presenting one; the person may dismiss it.",
                    "A full-screen cover with its own stack; the person cannot dismiss it."
                  ]
                }
              }
            },
            "formerNames": {
              "description": "Former names (since format 1.2), a non-empty list of names.",
              "type": "array",
              "minItems": 1,
              "items": {
                "$ref": "#/definitions/name"
              }
            },
            "linkPattern": {
              "description": "A URL path: literal segments and whole-segment placeholders {name:type} ({name} is a string); no query, fragment, percent escapes, '.' or '..' segments.",
              "type": "string",
              "pattern": "^(/|(/(?!\\.\\.?(/|$))([A-Za-z0-9\\-._~!$&'()*+,;=:@]+|\\{[A-Za-z_][A-Za-z0-9_]*(:(int|string|bool|double))?\\}))+)$"
            },
            "linkRoutes": {
              "description": "The routes the link opens, first route first: a name, or a one-entry mapping name → arguments.",
              "type": "array",
              "minItems": 1,
              "items": {
                "$ref": "#/definitions/routeItem"
              }
            },
            "guardedLink": {
              "description": "A guarded link (since format 1.1): 'routes' open while every 'when' condition holds; otherwise the 'otherwise' routes open, and with 'continueOn' the link opens when the guarding flow finishes with that outcome.",
              "type": "object",
              "additionalProperties": false,
              "required": [
                "routes"
              ],
              "properties": {
                "routes": {
                  "$ref": "#/definitions/linkRoutes",
                  "description": "The routes the link opens while its conditions hold."
                },
                "aliases": {
                  "description": "Since format 1.2: the link's former URL patterns, with the same placeholders (names and types); a URL that matches one opens this link.",
                  "type": "array",
                  "minItems": 1,
                  "items": {
                    "$ref": "#/definitions/linkPattern"
                  }
                },
                "when": {
                  "description": "A declared host condition, or a list of them, that must all hold for 'routes' to open.",
                  "oneOf": [
                    {
                      "$ref": "#/definitions/name"
                    },
                    {
                      "type": "array",
                      "minItems": 1,
                      "uniqueItems": true,
                      "items": {
                        "$ref": "#/definitions/name"
                      }
                    }
                  ]
                },
                "tabs": {
                  "description": "Since format 1.2: what the link does to a shown tab set its routes pass through: keep (default: select the link's tab, replace only its stack, keep the other tabs) or replace (build everything afresh).",
                  "type": "string",
                  "enum": [
                    "keep",
                    "replace"
                  ]
                },
                "otherwise": {
                  "description": "What opens while a 'when' condition does not hold: a route list, or { routes, continueOn }.",
                  "oneOf": [
                    {
                      "$ref": "#/definitions/linkRoutes"
                    },
                    {
                      "type": "object",
                      "additionalProperties": false,
                      "required": [
                        "routes"
                      ],
                      "properties": {
                        "routes": {
                          "$ref": "#/definitions/linkRoutes",
                          "description": "The routes opened instead; the last child route is the guarding flow."
                        },
                        "continueOn": {
                          "$ref": "#/definitions/name",
                          "description": "The outcome of the guarding flow after which the original link opens."
                        }
                      }
                    }
                  ]
                }
              }
            },
            "routeItem": {
              "description": "A name, or a one-entry mapping NAME → arguments.",
              "oneOf": [
                {
                  "$ref": "#/definitions/name"
                },
                {
                  "type": "object",
                  "minProperties": 1,
                  "maxProperties": 1,
                  "propertyNames": {
                    "$ref": "#/definitions/name"
                  },
                  "additionalProperties": {
                    "$ref": "#/definitions/arguments"
                  }
                }
              ]
            },
            "tabItem": {
              "description": "A tab: a child name, a one-entry mapping CHILD → arguments, or (since format 1.2) a tab written out in full with the label a host shows.",
              "oneOf": [
                {
                  "$ref": "#/definitions/routeItem"
                },
                {
                  "type": "object",
                  "required": [
                    "tab"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "tab": {
                      "$ref": "#/definitions/name",
                      "description": "The child the tab runs."
                    },
                    "title": {
                      "type": [
                        "string",
                        "number",
                        "boolean"
                      ],
                      "minLength": 1,
                      "description": "Since format 1.2: the tab's label (generated code's Tab.title; the tab's name when absent)."
                    },
                    "icon": {
                      "type": [
                        "string",
                        "number",
                        "boolean"
                      ],
                      "minLength": 1,
                      "description": "Since format 1.2: the tab's icon, a name the host resolves (an SF Symbol, an asset)."
                    },
                    "with": {
                      "$ref": "#/definitions/arguments",
                      "description": "The arguments the tab's child flow is started with."
                    }
                  }
                }
              ]
            },
            "outcome": {
              "description": "An outcome (since format 1.1): its parameters, which 'finish' passes with 'with' and the parent's handler reads as $name. An outcome without data may be written 'name:'.",
              "type": [
                "object",
                "null"
              ],
              "additionalProperties": false,
              "properties": {
                "params": {
                  "$ref": "#/definitions/parameters",
                  "description": "The data the outcome carries to the parent's handler."
                },
                "formerly": {
                  "$ref": "#/definitions/formerNames",
                  "description": "Since format 1.2: the names this outcome had in earlier versions of the app, such as [oldName]; a restore of a snapshot saved by an earlier version renames them."
                }
              }
            }
          }
        }

        """#

    /// The properties of an action object — one per action key, each a reference into `actionProperties`
    /// — shared by `event` (which adds `params`) and `branch`, indented for their `properties`.
    private static let actionPropertyReferences = #"""
                "push": {
                  "$ref": "#/definitions/actionProperties/push"
                },
                "start": {
                  "$ref": "#/definitions/actionProperties/start"
                },
                "pop": {
                  "$ref": "#/definitions/actionProperties/pop"
                },
                "popTo": {
                  "$ref": "#/definitions/actionProperties/popTo"
                },
                "replaceRoot": {
                  "$ref": "#/definitions/actionProperties/replaceRoot"
                },
                "finish": {
                  "$ref": "#/definitions/actionProperties/finish"
                },
                "select": {
                  "$ref": "#/definitions/actionProperties/select"
                },
                "if": {
                  "$ref": "#/definitions/actionProperties/if"
                },
                "then": {
                  "$ref": "#/definitions/branch",
                  "description": "The action when the condition holds."
                },
                "else": {
                  "$ref": "#/definitions/branch",
                  "description": "The action when it does not."
                },
                "with": {
                  "$ref": "#/definitions/actionProperties/with"
                },
                "routes": {
                  "$ref": "#/definitions/actionProperties/routes"
                }
        """#
}
