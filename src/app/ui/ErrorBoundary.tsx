// A part of the screen that fails to draw says so and offers a way on; the rest keeps working
// and nothing on the table is lost (the store is untouched).
import { Component, type ReactNode } from 'react'

type Props = { what: string; children: ReactNode }
type State = { error: Error | null }

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override render() {
    if (!this.state.error) return this.props.children
    return (
      <div className="message error" role="alert" data-testid="error-boundary">
        <p>The {this.props.what} could not be drawn: {this.state.error.message}</p>
        <button type="button" onClick={() => this.setState({ error: null })}>Try again</button>
      </div>
    )
  }
}
