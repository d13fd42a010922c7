import protobuf from 'protobufjs';

/**
 * The part of ONNX's file format (onnx.proto, IR version 8) that Docent writes: a model, its
 * graph, nodes, attributes, tensors and the graph's typed inputs and outputs. Field numbers are
 * the format's; protobufjs does the encoding.
 */
const ONNX_SCHEMA = {
  nested: {
    onnx: {
      nested: {
        ModelProto: {
          fields: {
            irVersion: { type: 'int64', id: 1 },
            producerName: { type: 'string', id: 2 },
            producerVersion: { type: 'string', id: 3 },
            graph: { type: 'GraphProto', id: 7 },
            opsetImport: { rule: 'repeated', type: 'OperatorSetIdProto', id: 8 },
          },
        },
        OperatorSetIdProto: {
          fields: { domain: { type: 'string', id: 1 }, version: { type: 'int64', id: 2 } },
        },
        GraphProto: {
          fields: {
            node: { rule: 'repeated', type: 'NodeProto', id: 1 },
            name: { type: 'string', id: 2 },
            initializer: { rule: 'repeated', type: 'TensorProto', id: 5 },
            input: { rule: 'repeated', type: 'ValueInfoProto', id: 11 },
            output: { rule: 'repeated', type: 'ValueInfoProto', id: 12 },
          },
        },
        NodeProto: {
          fields: {
            input: { rule: 'repeated', type: 'string', id: 1 },
            output: { rule: 'repeated', type: 'string', id: 2 },
            name: { type: 'string', id: 3 },
            opType: { type: 'string', id: 4 },
            attribute: { rule: 'repeated', type: 'AttributeProto', id: 5 },
          },
        },
        AttributeProto: {
          fields: {
            name: { type: 'string', id: 1 },
            f: { type: 'float', id: 2 },
            i: { type: 'int64', id: 3 },
            ints: { rule: 'repeated', type: 'int64', id: 8 },
            type: { type: 'int32', id: 20 },
          },
        },
        TensorProto: {
          fields: {
            dims: { rule: 'repeated', type: 'int64', id: 1 },
            dataType: { type: 'int32', id: 2 },
            name: { type: 'string', id: 8 },
            rawData: { type: 'bytes', id: 9 },
          },
        },
        ValueInfoProto: {
          fields: { name: { type: 'string', id: 1 }, type: { type: 'TypeProto', id: 2 } },
        },
        TypeProto: {
          fields: { tensorType: { type: 'TensorTypeProto', id: 1 } },
        },
        TensorTypeProto: {
          fields: { elemType: { type: 'int32', id: 1 }, shape: { type: 'TensorShapeProto', id: 2 } },
        },
        TensorShapeProto: {
          fields: { dim: { rule: 'repeated', type: 'DimensionProto', id: 1 } },
        },
        DimensionProto: {
          oneofs: { value: { oneof: ['dimValue', 'dimParam'] } },
          fields: { dimValue: { type: 'int64', id: 1 }, dimParam: { type: 'string', id: 2 } },
        },
      },
    },
  },
};

/** ONNX element types Docent writes. */
export const OnnxType = { FLOAT: 1, INT64: 7, BOOL: 9 } as const;
/** ONNX attribute types Docent writes. */
export const OnnxAttrType = { FLOAT: 1, INT: 2, INTS: 7 } as const;

export interface OnnxAttribute {
  name: string;
  type: number;
  f?: number;
  i?: number;
  ints?: number[];
}
export interface OnnxNode {
  opType: string;
  name: string;
  input: string[];
  output: string[];
  attribute?: OnnxAttribute[];
}
export interface OnnxTensor {
  name: string;
  dims: number[];
  dataType: number;
  rawData: Uint8Array;
}
export interface OnnxValueInfo {
  name: string;
  elemType: number;
  /** A number per fixed dimension, a name per dimension that varies. */
  shape: Array<number | string>;
}
export interface OnnxGraph {
  name: string;
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  inputs: OnnxValueInfo[];
  outputs: OnnxValueInfo[];
}

let modelType: protobuf.Type | undefined;

/** The graph as the bytes of an ONNX model file (opset 18, the default domain). */
export function encodeOnnxModel(graph: OnnxGraph, producer: string): Uint8Array {
  modelType ??= protobuf.Root.fromJSON(ONNX_SCHEMA).lookupType('onnx.ModelProto');
  const valueInfo = (v: OnnxValueInfo) => ({
    name: v.name,
    type: {
      tensorType: {
        elemType: v.elemType,
        shape: { dim: v.shape.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) },
      },
    },
  });
  const message = modelType.fromObject({
    irVersion: 8,
    producerName: producer,
    opsetImport: [{ domain: '', version: 18 }],
    graph: {
      name: graph.name,
      node: graph.nodes,
      initializer: graph.initializers,
      input: graph.inputs.map(valueInfo),
      output: graph.outputs.map(valueInfo),
    },
  });
  return modelType.encode(message).finish();
}
