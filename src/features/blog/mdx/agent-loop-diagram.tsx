import React, { useId } from 'react';
import styled from 'styled-components';

export interface AgentLoopDiagramProps {
  /** The figure's visible caption, read after the diagram. */
  caption: string;
  /** The turn budget written on the loop's return arrow; without it the arrow says "next turn". */
  maxTurns?: number;
}

interface Step {
  title: string;
  detail: string;
  /** Top edge in the drawing's units. */
  y: number;
  kind: 'edge' | 'step';
}

/** The drawing's units: 360 wide, so at a phone's 343 px column the text stays near its set size. */
const WIDTH = 360;
const HEIGHT = 452;
const BOX_X = 64;
const BOX_WIDTH = 232;
const BOX_HEIGHT = 56;
const CENTER = BOX_X + BOX_WIDTH / 2;

const STEPS: readonly Step[] = [
  { title: 'Goal arrives', detail: 'a message, a ticket, an event', y: 4, kind: 'edge' },
  { title: 'Model decides', detail: 'answer now, or call a tool?', y: 100, kind: 'step' },
  { title: 'Tool runs', detail: 'in your systems, your rules', y: 196, kind: 'step' },
  { title: 'Result observed', detail: 'added to the context', y: 292, kind: 'step' },
  { title: 'Answer', detail: 'or a hand-off to a person', y: 392, kind: 'edge' },
];

/** "Goal arrives, then …": the drawing in words, for the image's description. */
function describe(maxTurns: number | undefined): string {
  const budget = maxTurns ? ` At most ${maxTurns} turns are allowed.` : '';
  return (
    'A goal arrives and goes to the model. The model decides whether to answer or to call a tool. ' +
    'A tool call runs in your systems, and its result is added to the context, and the model ' +
    `decides again: that is one turn.${budget} When the model is done it gives the answer, or ` +
    'hands the case to a person.'
  );
}

/**
 * An agent's tool loop, drawn as inline SVG when the page is built: goal → model decides → tool
 * runs → result observed → back to the model, until it answers. Pure markup and CSS: the page
 * ships no script for it. The SVG is one image with a title and a description that say in words
 * what the arrows show; the caption stays visible text.
 */
export function AgentLoopDiagram({ caption, maxTurns }: AgentLoopDiagramProps) {
  const id = `agent-loop-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const arrow = `url(#${id}-arrow)`;
  const [goal, decide, tool, observe, answer] = STEPS as [Step, Step, Step, Step, Step];
  const bottom = (step: Step) => step.y + BOX_HEIGHT;
  const middle = (step: Step) => step.y + BOX_HEIGHT / 2;
  const loopX = 30;
  const exitX = 330;
  return (
    <Figure data-diagram="agent-loop">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        focusable="false"
      >
        <title id={`${id}-title`}>The agent&apos;s tool loop</title>
        <desc id={`${id}-desc`}>{describe(maxTurns)}</desc>
        <defs>
          <marker
            id={`${id}-arrow`}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M0 0 L10 5 L0 10 z" className="arrowhead" />
          </marker>
        </defs>

        {/* The straight path down, goal → decide → tool → observe, each arrow with its label. */}
        {(
          [
            [goal, decide, null],
            [decide, tool, 'tool call'],
            [tool, observe, 'result'],
          ] as const
        ).map(([from, to, label]) => (
          <g key={from.title}>
            <line
              x1={CENTER}
              y1={bottom(from)}
              x2={CENTER}
              y2={to.y - 2}
              className="flow"
              markerEnd={arrow}
            />
            {label ? (
              <text x={CENTER + 8} y={bottom(from) + 24} className="edge-label">
                {label}
              </text>
            ) : null}
          </g>
        ))}

        {/* The loop: from the observation back up to the model, on the left. */}
        <path
          d={`M${BOX_X} ${middle(observe)} H${loopX} V${middle(decide)} H${BOX_X - 2}`}
          className="loop"
          markerEnd={arrow}
        />
        <text
          className="edge-label loop-label"
          transform={`translate(${loopX - 8} ${(middle(decide) + middle(observe)) / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {maxTurns ? `next turn (max ${maxTurns})` : 'next turn'}
        </text>

        {/* The way out: the model is done and answers, on the right. */}
        <path
          d={`M${BOX_X + BOX_WIDTH} ${middle(decide)} H${exitX} V${middle(answer)} H${BOX_X + BOX_WIDTH + 2}`}
          className="flow"
          markerEnd={arrow}
        />
        <text
          className="edge-label"
          transform={`translate(${exitX + 16} ${(middle(decide) + middle(answer)) / 2}) rotate(90)`}
          textAnchor="middle"
        >
          done
        </text>

        {STEPS.map((step) => (
          <g key={step.title} className={step.kind}>
            <rect x={BOX_X} y={step.y} width={BOX_WIDTH} height={BOX_HEIGHT} rx="10" />
            <text x={CENTER} y={step.y + 24} textAnchor="middle" className="step-title">
              {step.title}
            </text>
            <text x={CENTER} y={step.y + 43} textAnchor="middle" className="step-detail">
              {step.detail}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>{caption}</figcaption>
    </Figure>
  );
}

const Figure = styled.figure`
  margin: 0 0 ${({ theme }) => theme.space[8]};
  padding: ${({ theme }) => `${theme.space[4]} ${theme.space[2]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  svg {
    display: block;
    width: 100%;
    max-width: 420px;
    height: auto;
    margin: 0 auto;
    font-family: ${({ theme }) => theme.fonts.body};
  }

  rect {
    stroke-width: 1.5;
  }

  .step rect {
    fill: ${({ theme }) => theme.colors.bg};
    stroke: ${({ theme }) => theme.colors.primary};
  }

  .edge rect {
    fill: ${({ theme }) => theme.colors.surfaceAlt};
    stroke: ${({ theme }) => theme.colors.border};
  }

  .step-title {
    fill: ${({ theme }) => theme.colors.text};
    font-size: 16px;
    font-weight: 700;
  }

  .step-detail {
    fill: ${({ theme }) => theme.colors.textMuted};
    font-size: 14px;
  }

  .flow,
  .loop {
    fill: none;
    stroke-width: 2;
  }

  .flow {
    stroke: ${({ theme }) => theme.colors.textMuted};
  }

  .loop {
    stroke: ${({ theme }) => theme.colors.primary};
    stroke-dasharray: 6 4;
  }

  .arrowhead {
    fill: ${({ theme }) => theme.colors.textMuted};
  }

  .edge-label {
    fill: ${({ theme }) => theme.colors.textMuted};
    font-size: 14px;
    font-style: italic;
  }

  .loop-label {
    fill: ${({ theme }) => theme.colors.primary};
    font-style: normal;
    font-weight: 600;
  }

  figcaption {
    margin-top: ${({ theme }) => theme.space[3]};
    padding-inline: ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    line-height: 1.5;
    text-align: center;
  }
`;
