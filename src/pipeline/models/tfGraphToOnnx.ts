import { OnnxAttrType, OnnxType, type OnnxAttribute, type OnnxGraph, type OnnxNode, type OnnxTensor } from './onnxProto.js';

/**
 * Translates a TensorFlow.js graph model (model.json's GraphDef nodes and its weights) into an
 * ONNX graph that onnxruntime runs natively: the same computation, op by op, so the vectors are
 * the same up to float rounding. It covers the ops of the sentence encoders Docent ships; any
 * other op, or an op used in a way the translation does not cover, is refused by name rather
 * than translated wrongly.
 *
 * Integers: TensorFlow mixes int32 and int64; ONNX's index ops want int64, so every integer
 * tensor becomes int64 (inputs included).
 */

export interface TfNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, TfAttr>;
}
interface TfAttr {
  i?: string;
  b?: boolean;
  s?: number[] | string;
  type?: number;
  list?: { i?: string[] };
  shape?: { dim?: Array<{ size: string }> };
}
export interface TfWeightSpec {
  name: string;
  shape: number[];
  dtype: string;
}
export interface TfGraphModel {
  nodes: TfNode[];
  weights: TfWeightSpec[];
  /** The weights' bytes, in the order of `weights`. */
  weightData: Uint8Array;
  /** Output tensors, as TensorFlow names them ("node" or "node:1"); by default the nodes nothing reads. */
  outputs?: string[];
}

export class UnsupportedGraphError extends Error {}

/** TensorFlow's DataType numbers Docent meets, to ONNX's. */
const TF_TYPE: Record<number, number> = { 1: OnnxType.FLOAT, 3: OnnxType.INT64, 9: OnnxType.INT64, 10: OnnxType.BOOL };
const INT64_MAX = 9223372036854775807n;

interface ConstValue {
  dims: number[];
  values: number[];
}

export function tfGraphToOnnx(model: TfGraphModel, name: string): OnnxGraph {
  const nodes: OnnxNode[] = [];
  const initializers: OnnxTensor[] = [];
  const consts = new Map<string, ConstValue>();
  const weightSpecs = new Map(model.weights.map((w) => [w.name, w]));
  let fresh = 0;

  // Weights: floats as they are, integers widened to int64.
  let offset = 0;
  for (const spec of model.weights) {
    const count = spec.shape.reduce((a, b) => a * b, 1);
    const bytes = model.weightData.subarray(offset, offset + count * 4);
    offset += count * 4;
    if (spec.dtype === 'float32') {
      initializers.push({ name: spec.name, dims: spec.shape, dataType: OnnxType.FLOAT, rawData: bytes });
    } else if (spec.dtype === 'int32') {
      const ints = new Int32Array(bytes.slice().buffer);
      consts.set(spec.name, { dims: spec.shape, values: [...ints] });
      initializers.push(int64Tensor(spec.name, spec.shape, [...ints]));
    } else {
      throw new UnsupportedGraphError(`weights of type ${spec.dtype} (${spec.name})`);
    }
  }

  const tensor = (input: string): string => {
    const [node, index] = input.split(':');
    return index && index !== '0' ? `${node}:${index}` : node!;
  };
  const constOf = (input: string, what: string): ConstValue => {
    const value = consts.get(tensor(input));
    if (!value) throw new UnsupportedGraphError(`${what} that is not a constant (${input})`);
    return value;
  };
  const temp = (label: string): string => `__${label}_${fresh++}`;
  const addConst = (values: Array<number | bigint>, dims: number[] = [values.length]): string => {
    const constName = temp('const');
    initializers.push(int64Tensor(constName, dims, values));
    if (values.every((v) => typeof v === 'number')) consts.set(constName, { dims, values: values as number[] });
    return constName;
  };
  /** An axes argument as ONNX wants it, a vector (TensorFlow also takes a scalar). */
  const vector = (input: string): string => {
    const value = consts.get(input);
    return value && value.dims.length === 0 ? addConst(value.values) : input;
  };
  const emit = (opType: string, input: string[], output: string[], attribute?: OnnxAttribute[]): void => {
    nodes.push({ opType, name: output[0]!, input, output, attribute });
  };
  const intAttr = (attrName: string, i: number): OnnxAttribute => ({ name: attrName, type: OnnxAttrType.INT, i });
  const intsAttr = (attrName: string, ints: number[]): OnnxAttribute => ({ name: attrName, type: OnnxAttrType.INTS, ints });

  // Ranks, where an op needs one (swapping a matrix product's last two axes).
  const ranks = new Map<string, number>();
  /** Lengths of the vectors Pack builds, so a Reshape to one knows its rank. */
  const lengths = new Map<string, number>();
  const rankOf = (input: string): number => {
    const t = tensor(input);
    const known = ranks.get(t) ?? consts.get(t)?.dims.length ?? weightSpecs.get(t)?.shape.length;
    if (known === undefined) throw new UnsupportedGraphError(`a matrix product whose operand's rank is unknown (${input})`);
    return known;
  };
  const swapLastTwo = (input: string): string => {
    const rank = rankOf(input);
    const perm = [...Array(rank).keys()];
    [perm[rank - 2], perm[rank - 1]] = [perm[rank - 1]!, perm[rank - 2]!];
    const out = temp('transposed');
    emit('Transpose', [tensor(input)], [out], [intsAttr('perm', perm)]);
    return out;
  };

  const inputs: OnnxGraph['inputs'] = [];
  // In the graph's own order: TensorFlow.js's converter writes it sorted so that a node follows
  // its inputs, which ONNX requires too (onnxruntime refuses a graph that is not).
  for (const node of model.nodes) {
    const ins = (node.input ?? []).filter((i) => !i.startsWith('^')).map(tensor);
    const out = node.name;
    const attr = node.attr ?? {};
    const flag = (key: string): boolean => attr[key]?.b === true;
    const int = (key: string): number => Number(attr[key]?.i ?? 0);
    const unary = (opType: string): void => emit(opType, [ins[0]!], [out]);
    const binary = (opType: string): void => emit(opType, [ins[0]!, ins[1]!], [out]);
    const reduce = (opType: string): void =>
      emit(opType, [ins[0]!, vector(ins[1]!)], [out], [intAttr('keepdims', flag('keep_dims') ? 1 : 0)]);

    switch (node.op) {
      case 'Const':
        if (!weightSpecs.has(out)) throw new UnsupportedGraphError(`a constant without weights (${out})`);
        break;
      case 'Placeholder': {
        const elemType = TF_TYPE[attr.dtype?.type ?? 0];
        const dims = attr.shape?.shape?.dim ?? [];
        if (!elemType) throw new UnsupportedGraphError(`an input of type ${attr.dtype?.type} (${out})`);
        inputs.push({ name: out, elemType, shape: dims.map((d, i) => (Number(d.size) >= 0 ? Number(d.size) : `${out}_${i}`)) });
        ranks.set(out, dims.length);
        break;
      }
      case 'Identity':
        unary('Identity');
        break;
      case 'Add':
      case 'BiasAdd':
        if (node.op === 'BiasAdd' && attr.data_format && bytesOf(attr.data_format.s) !== 'NHWC') {
          throw new UnsupportedGraphError(`BiasAdd in ${bytesOf(attr.data_format.s)} (${out})`);
        }
        binary('Add');
        break;
      case 'Sub':
      case 'Mul':
      case 'Less':
      case 'Greater':
        binary(node.op);
        break;
      case 'RealDiv':
        binary('Div');
        break;
      case 'Maximum':
        binary('Max');
        break;
      case 'Square':
        emit('Mul', [ins[0]!, ins[0]!], [out]);
        break;
      case 'Rsqrt': {
        const root = temp('sqrt');
        emit('Sqrt', [ins[0]!], [root]);
        emit('Reciprocal', [root], [out]);
        break;
      }
      case 'Sin':
      case 'Cos':
      case 'Relu':
      case 'Tanh':
        unary(node.op);
        break;
      case 'Shape':
        unary('Shape');
        ranks.set(out, 1);
        break;
      case 'LogicalNot':
        unary('Not');
        break;
      case 'Softmax':
        emit('Softmax', [ins[0]!], [out], [intAttr('axis', -1)]);
        break;
      case 'Cast': {
        const to = TF_TYPE[attr.DstT?.type ?? 0];
        if (!to) throw new UnsupportedGraphError(`a cast to type ${attr.DstT?.type} (${out})`);
        emit('Cast', [ins[0]!], [out], [intAttr('to', to)]);
        break;
      }
      case 'Max':
        reduce('ReduceMax');
        break;
      case 'Sum':
        reduce('ReduceSum');
        break;
      case 'Mean':
        reduce('ReduceMean');
        break;
      case 'Prod':
        reduce('ReduceProd');
        break;
      case 'Range':
        emit('Range', [ins[0]!, ins[1]!, ins[2]!], [out]);
        break;
      case 'ExpandDims':
        emit('Unsqueeze', [ins[0]!, vector(ins[1]!)], [out]);
        break;
      case 'Squeeze': {
        const dims = (attr.squeeze_dims?.list?.i ?? []).map(Number);
        emit('Squeeze', dims.length ? [ins[0]!, addConst(dims)] : [ins[0]!], [out]);
        break;
      }
      case 'Reshape':
        emit('Reshape', [ins[0]!, ins[1]!], [out]);
        if (consts.has(ins[1]!)) ranks.set(out, consts.get(ins[1]!)!.values.length);
        else if (lengths.has(ins[1]!)) ranks.set(out, lengths.get(ins[1]!)!);
        break;
      case 'Transpose': {
        const perm = constOf(ins[1]!, 'a transpose order').values;
        emit('Transpose', [ins[0]!], [out], [intsAttr('perm', perm)]);
        ranks.set(out, perm.length);
        break;
      }
      case 'Pack': {
        const axis = int('axis');
        const parts = ins.map((i) => {
          const part = temp('packed');
          emit('Unsqueeze', [i, addConst([axis])], [part]);
          return part;
        });
        emit('Concat', parts, [out], [intAttr('axis', axis)]);
        lengths.set(out, ins.length);
        break;
      }
      case 'ConcatV2': {
        const axis = constOf(ins[ins.length - 1]!, 'a concatenation axis').values[0]!;
        emit('Concat', ins.slice(0, -1), [out], [intAttr('axis', axis)]);
        break;
      }
      case 'GatherV2': {
        const axis = constOf(ins[2]!, 'a gather axis').values[0]!;
        emit('Gather', [ins[0]!, ins[1]!], [out], [intAttr('axis', axis)]);
        break;
      }
      case 'GatherNd':
        emit('GatherND', [ins[0]!, ins[1]!], [out]);
        break;
      case 'Where': {
        if (ins.length !== 1) throw new UnsupportedGraphError(`a three-input Where (${out})`);
        const positions = temp('nonzero');
        emit('NonZero', [ins[0]!], [positions]);
        emit('Transpose', [positions], [out], [intsAttr('perm', [1, 0])]);
        ranks.set(out, 2);
        break;
      }
      case 'ScatterNd': {
        // ScatterNd(indices, updates, shape): updates written into zeros of that shape.
        const zeros = temp('zeros');
        const elem = TF_TYPE[attr.T?.type ?? 0];
        emit('Expand', [zeroScalar(elem), ins[2]!], [zeros]);
        emit('ScatterND', [zeros, ins[0]!, ins[1]!], [out]);
        break;
      }
      case 'SparseToDense': {
        // SparseToDense(indices, shape, values, default): values written into a fill of default.
        const filled = temp('filled');
        emit('Expand', [ins[3]!, ins[1]!], [filled]);
        emit('ScatterND', [filled, ins[0]!, ins[2]!], [out]);
        break;
      }
      case 'SplitV': {
        const axis = constOf(ins[2]!, 'a split axis').values[0]!;
        const count = int('num_split');
        emit('Split', [ins[0]!, ins[1]!], [out, ...Array.from({ length: count - 1 }, (_, k) => `${out}:${k + 1}`)], [intAttr('axis', axis)]);
        break;
      }
      case 'StridedSlice':
        stridedSlice(node, ins);
        break;
      case 'Slice': {
        const begin = constOf(ins[1]!, 'a slice start').values;
        const size = constOf(ins[2]!, 'a slice size').values;
        const ends = begin.map((b, k) => (size[k]! < 0 ? INT64_MAX : BigInt(b + size[k]!)));
        emit('Slice', [ins[0]!, addConst(begin), addConst(ends), addConst([...begin.keys()])], [out]);
        break;
      }
      case 'MatMul':
      case 'BatchMatMul': {
        const [ta, tb] = node.op === 'MatMul' ? [flag('transpose_a'), flag('transpose_b')] : [flag('adj_x'), flag('adj_y')];
        emit('MatMul', [ta ? swapLastTwo(ins[0]!) : ins[0]!, tb ? swapLastTwo(ins[1]!) : ins[1]!], [out]);
        if (ranks.has(ins[0]!)) ranks.set(out, ranks.get(ins[0]!)!);
        break;
      }
      case 'Conv2D':
        conv1x1(node, ins);
        break;
      default:
        throw new UnsupportedGraphError(`op ${node.op} (${out})`);
    }
  }

  function stridedSlice(node: TfNode, ins: string[]): void {
    const attr = node.attr ?? {};
    const mask = (key: string): number => Number(attr[key]?.i ?? 0);
    if (mask('ellipsis_mask') || mask('new_axis_mask')) {
      throw new UnsupportedGraphError(`a strided slice with an ellipsis or new axes (${node.name})`);
    }
    const begin = constOf(ins[1]!, 'a slice start').values;
    const end = constOf(ins[2]!, 'a slice end').values;
    const strides = constOf(ins[3]!, 'a slice stride').values;
    const starts: bigint[] = [];
    const ends: bigint[] = [];
    const shrunk: number[] = [];
    for (let k = 0; k < begin.length; k++) {
      const bit = 1 << k;
      const forward = strides[k]! > 0;
      if (mask('shrink_axis_mask') & bit) {
        starts.push(BigInt(begin[k]!));
        ends.push(begin[k] === -1 ? INT64_MAX : BigInt(begin[k]! + 1));
        shrunk.push(k);
        continue;
      }
      starts.push(mask('begin_mask') & bit ? (forward ? 0n : INT64_MAX) : BigInt(begin[k]!));
      ends.push(mask('end_mask') & bit ? (forward ? INT64_MAX : -INT64_MAX) : BigInt(end[k]!));
    }
    const sliced = shrunk.length ? temp('sliced') : node.name;
    emit('Slice', [ins[0]!, addConst(starts), addConst(ends), addConst([...begin.keys()]), addConst(strides)], [sliced]);
    if (shrunk.length) emit('Squeeze', [sliced, addConst(shrunk)], [node.name]);
    const inputRank = ranks.get(ins[0]!);
    if (inputRank !== undefined) ranks.set(node.name, inputRank - shrunk.length);
  }

  /** A 1×1 convolution with stride 1 in NHWC is a product with the kernel as a matrix. */
  function conv1x1(node: TfNode, ins: string[]): void {
    const attr = node.attr ?? {};
    const kernel = weightSpecs.get(ins[1]!);
    const ones = (key: string): boolean => (attr[key]?.list?.i ?? ['1']).every((v) => v === '1');
    if (
      !kernel ||
      kernel.shape.length !== 4 ||
      kernel.shape[0] !== 1 ||
      kernel.shape[1] !== 1 ||
      !ones('strides') ||
      !ones('dilations') ||
      (attr.data_format && bytesOf(attr.data_format.s) !== 'NHWC')
    ) {
      throw new UnsupportedGraphError(`a convolution other than 1×1, stride 1, NHWC (${node.name})`);
    }
    const matrix = initializers.find((t) => t.name === kernel.name)!;
    const matrixName = `${kernel.name}__matrix`;
    if (!initializers.some((t) => t.name === matrixName)) {
      initializers.push({ ...matrix, name: matrixName, dims: [kernel.shape[2]!, kernel.shape[3]!] });
    }
    emit('MatMul', [ins[0]!, matrixName], [node.name]);
  }

  function zeroScalar(elem: number | undefined): string {
    const zeroName = temp('zero');
    if (elem === OnnxType.FLOAT) initializers.push({ name: zeroName, dims: [], dataType: OnnxType.FLOAT, rawData: new Uint8Array(4) });
    else if (elem === OnnxType.INT64) initializers.push(int64Tensor(zeroName, [], [0]));
    else throw new UnsupportedGraphError(`a scatter of type ${elem}`);
    return zeroName;
  }

  // Weights only the convolution's matrix form reads are dropped, so they are not loaded twice.
  const read = new Set(nodes.flatMap((n) => n.input));
  const kept = initializers.filter((t) => read.has(t.name));
  return {
    name,
    nodes,
    initializers: kept,
    inputs,
    outputs: (model.outputs ?? sinks(model.nodes)).map((o) => ({ name: tensor(o), elemType: OnnxType.FLOAT, shape: ['batch', 'dimension'] })),
  };
}

/** The nodes whose results no other node reads: a graph model's outputs. */
function sinks(graph: TfNode[]): string[] {
  const read = new Set(graph.flatMap((n) => (n.input ?? []).map((i) => i.replace(/^\^/, '').split(':')[0]!)));
  return graph.filter((n) => n.op !== 'Const' && !read.has(n.name)).map((n) => n.name);
}

function int64Tensor(name: string, dims: number[], values: Array<number | bigint>): OnnxTensor {
  const data = new BigInt64Array(values.map((v) => BigInt(v)));
  return { name, dims, dataType: OnnxType.INT64, rawData: new Uint8Array(data.buffer) };
}

function bytesOf(s: number[] | string | undefined): string {
  if (s === undefined) return '';
  return typeof s === 'string' ? Buffer.from(s, 'base64').toString('latin1') : String.fromCharCode(...s);
}
